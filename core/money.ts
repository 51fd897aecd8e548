// The one money module (issue 31): amounts are integer paise from the database to the screen.
// Rupees exist only at the edges: parsed from forms and provider payloads here, written as the
// spec's decimal JSON or a gateway's "1000.00" here, and shown by the one INR formatter here.
// Nothing else multiplies or divides money by 100.

declare const paiseBrand: unique symbol;
/** An amount of money in integer paise. Made only by the functions of this module (or `paise()`). */
export type Paise = number & { readonly [paiseBrand]: true };

/** A whole number of paise, checked: a safe integer (negative allowed for balances). */
export function paise(n: number): Paise {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of paise: ${String(n)}`);
  return n as Paise;
}

/** Whole rupees (a product limit, a slider amount) as paise. */
export function wholeRupeesToPaise(rupees: number): Paise {
  if (!Number.isSafeInteger(rupees)) throw new RangeError(`Not a whole number of rupees: ${String(rupees)}`);
  return paise(rupees * 100);
}

/** Non-negative integer a / b rounded half up (b > 0). Exact for safe integers. */
export function divRoundHalfUp(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0) {
    throw new RangeError("divRoundHalfUp needs a non-negative integer and a positive integer");
  }
  const q = Math.floor(a / b);
  const r = a - q * b;
  return 2 * r >= b ? q + 1 : q;
}

/** Percent of a paise amount, rounded half up to the paisa. */
export function percentOfPaise(amount: number, percent: number): Paise {
  // Percentages here are whole numbers or have at most 2 decimals: scaled to basis points.
  const bps = Math.round(percent * 100);
  return divRoundHalfUp(amount * bps, 10_000) as Paise;
}

/** Rounds paise half up to whole rupees, still in paise. */
export function roundPaiseToRupee(amount: number): Paise {
  return (divRoundHalfUp(amount, 100) * 100) as Paise;
}

/** Paise as whole rupees, rounded half up (the bureau takes whole rupees). */
export function paiseToWholeRupees(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError("paise must be an integer");
  return Math.floor((amount + 50) / 100);
}

/**
 * Exact rupees → paise. Accepts a number or a decimal string with up to 2 decimals (more decimals
 * are rounded half up). Parsing the text avoids 1.005 * 100 = 100.49999. Throws on anything else.
 */
export function rupeesToPaise(value: number | string): Paise {
  const text = typeof value === "number" ? numberToPlainString(value) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new RangeError(`Not a rupee amount: ${String(value)}`);
  const [, minus, whole, frac = ""] = m;
  const padded = (frac + "000").slice(0, 3);
  let amount = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) amount += 1;
  if (!Number.isSafeInteger(amount)) throw new RangeError("Amount too large");
  return (minus && amount !== 0 ? -amount : amount) as Paise;
}

/**
 * Rupee text at an edge (a form field, a provider's payload) → paise, or null when it is not a
 * non-negative amount with at most two decimals: "1000", "1000.5", "1000.50". With `grouping`,
 * Indian or Western thousands separators, spaces and a ₹ sign are allowed ("₹1,20,000.50").
 */
export function parseRupees(text: string | number | undefined | null, { grouping = false, negative = false } = {}): Paise | null {
  let t = String(text ?? "").trim();
  if (grouping) t = t.replace(/[\s₹]/g, "");
  const sign = negative && t.startsWith("-") ? -1 : 1;
  if (sign < 0) t = t.slice(1);
  const whole = grouping ? /^(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?$/ : /^(\d+)(?:\.(\d{1,2}))?$/;
  const m = whole.exec(t);
  if (!m) return null;
  const amount = Number(m[1].replace(/,/g, "")) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(amount)) return null;
  return (sign * amount || 0) as Paise;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError("Amount must be finite");
  // toString gives exponent form only for |n| >= 1e21 or < 1e-6; both are not rupee amounts.
  const s = String(n);
  if (/e/i.test(s)) throw new RangeError(`Amount out of range: ${s}`);
  return s;
}

/** Paise → rupees as a number, for the spec's JSON (decimals, section 9); exact to 2 decimals. */
export function paiseToRupees(amount: number): number {
  return amount / 100;
}

/** Paise → rupees as plain text with two decimals ("1000.00", "-12.50"): gateway payloads, CSV, messages. */
export function rupeeText(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError("paise must be an integer");
  const abs = Math.abs(amount);
  return `${amount < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Groups digits the Indian way: last three, then pairs (1,00,000; 12,34,56,789). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${rest},${last3}`;
}

export type RupeeFormat = {
  /** 'auto' shows paise only when there are some; 0 rounds to the rupee; 2 always shows paise. */
  decimals?: "auto" | 0 | 2;
  /** Include the ₹ sign (default true). */
  symbol?: boolean;
};

/**
 * The INR formatter: paise as ₹1,00,000 or ₹1,234.50. Hand-written rather than Intl so the server
 * and every browser print the same text (hydration must match).
 */
export function formatPaise(amount: number, { decimals = "auto", symbol = true }: RupeeFormat = {}): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of paise: ${String(amount)}`);
  const negative = amount < 0;
  let abs = Math.abs(amount);
  if (decimals === 0) abs = roundPaiseToRupee(abs);
  const whole = groupIndian(String(Math.floor(abs / 100)));
  const frac = String(abs % 100).padStart(2, "0");
  const showFrac = decimals === 2 || (decimals === "auto" && frac !== "00");
  return `${negative ? "-" : ""}${symbol ? "₹" : ""}${whole}${showFrac ? `.${frac}` : ""}`;
}

/**
 * The same formatter for a figure the spec's API carries in rupees (a decimal from JSON, a product
 * limit in whole rupees): converted exactly to paise first, so both print alike.
 */
export function formatINR(rupees: number, format: RupeeFormat = {}): string {
  return formatPaise(rupeesToPaise(rupees), format);
}

/** Indian-grouped number without the rupee sign, e.g. 1,000 or 1,00,000. */
export function formatIndianNumber(n: number): string {
  return formatINR(n, { symbol: false });
}
