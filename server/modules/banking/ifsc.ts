// IFSC lookups against the `ifsc` package's offline dataset (Razorpay's IFSC release).
// The dataset knows which codes exist and which bank owns them; it carries no branch names.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

interface Dataset {
  codes: Record<string, (number | string)[]>;
  names: Record<string, string>;
  sublets: Record<string, string>;
}

let dataset: Dataset | null = null;

/** Loaded once, on first use (about 1.4 MB of JSON). */
function load(): Dataset {
  dataset ??= {
    codes: require("ifsc/src/IFSC.json"),
    names: require("ifsc/src/banknames.json"),
    sublets: { ...require("ifsc/src/sublet.json"), ...require("ifsc/src/custom-sublets.json") },
  };
  return dataset;
}

export interface IfscDetails {
  ifsc: string;
  bank_code: string;
  bank_name: string;
}

/** The bank of an IFSC present in the dataset; null for a malformed or unknown code. */
export function lookupIfsc(raw: string): IfscDetails | null {
  const code = raw.trim().toUpperCase();
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(code)) return null;
  const { codes, names, sublets } = load();
  const bank = code.slice(0, 4);
  const branch = code.slice(5);
  const list = Object.hasOwn(codes, bank) ? codes[bank] : undefined;
  if (!list) return null;
  const known = /^\d+$/.test(branch) ? list.includes(Number.parseInt(branch, 10)) : list.includes(branch);
  if (!known) return null;
  // A sub-member branch (a co-operative bank clearing through a sponsor) is named after the sub-member.
  const owner = Object.hasOwn(sublets, code) ? sublets[code] : bank;
  const name = names[owner] ?? names[bank];
  return name ? { ifsc: code, bank_code: owner, bank_name: name } : null;
}
