// Bank details and eSign: the name match of the penny drop, masking, and the
// "use my saved account" event of REPEAT customers. Pure; shared by screens, server and tests.

import * as z from "zod";
import { VERIFICATION_CONSENT } from "./journey/masters.ts";
import { bankingDetailsEventSchema } from "./validation/kyc-banking.ts";
import { choice, schema } from "./validation/primitives.ts";
import { eventObject } from "./validation/shared.ts";

/** Penny-drop name match: the name at the bank must score at least this (0-100) against the PAN name. */
export const NAME_MATCH_THRESHOLD = 70;

const HONORIFICS = new Set(["MR", "MRS", "MS", "MISS", "DR", "SHRI", "SMT", "SRI", "KUMARI", "KUM", "MST", "MASTER"]);

/** Upper-case letters only, honorifics dropped: "Mr. Rahul  K. Sharma" → ["RAHUL", "K", "SHARMA"]. */
export function nameTokens(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[^A-Z]+/g, " ")
    .trim()
    .split(" ")
    .filter((t) => t && !HONORIFICS.has(t));
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** How alike two name tokens are, 0..1: equal 1; an initial of the other 0.9; a near spelling by edit distance. */
function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return 0.9;
  if (a.length < 3 || b.length < 3) return 0;
  const s = 1 - levenshtein(a, b) / Math.max(a.length, b.length);
  return s >= 0.75 ? s : 0;
}

/**
 * Name match score 0-100, independent of word order, case, punctuation and honorifics.
 * Each token of the shorter name takes its best unused partner in the longer one; the score is
 * the Dice coefficient 2·matched / (tokensA + tokensB), so a missing middle name costs less than
 * a different surname. Names written together ("RAHULKUMAR" vs "RAHUL KUMAR") score 100.
 */
export function nameMatchScore(a: string, b: string): number {
  const x = nameTokens(a);
  const y = nameTokens(b);
  if (!x.length || !y.length) return 0;
  if (x.join("") === y.join("")) return 100;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const used = new Set<number>();
  let matched = 0;
  for (const token of short) {
    let best = 0;
    let bestAt = -1;
    long.forEach((other, i) => {
      if (used.has(i)) return;
      const s = tokenSimilarity(token, other);
      if (s > best) [best, bestAt] = [s, i];
    });
    if (bestAt >= 0) {
      used.add(bestAt);
      matched += best;
    }
  }
  return Math.round((200 * matched) / (x.length + y.length));
}

export function namesMatch(a: string, b: string, threshold = NAME_MATCH_THRESHOLD): boolean {
  return nameMatchScore(a, b) >= threshold;
}

/** Decision 18: an account number is only ever shown as XXXXXX + its last 4 digits. */
export function maskAccountNumber(last4: string | null | undefined): string {
  return last4 ? `XXXXXX${last4}` : "";
}

/**
 * A REPEAT customer with a verified account from an earlier loan sends this instead of the
 * full form: the screen never holds the full number (decision 18), and the server uses the saved one.
 */
export const savedAccountEventSchema = eventObject("banking_details", {
  use_saved_account: z
    .literal(1)
    .or(z.literal("1"))
    .transform(() => 1 as const),
  verification_consent: schema(choice("Verification Consent", [VERIFICATION_CONSENT.given, VERIFICATION_CONSENT.skipped])),
});

export type BankingEventInput =
  ({ mode: "form" } & z.output<typeof bankingDetailsEventSchema>) | ({ mode: "saved" } & z.output<typeof savedAccountEventSchema>);

/** The banking_details event: the full form, or the saved-account shape when use_saved_account is 1. */
export const bankingEventSchema = z.unknown().transform((input, ctx): BankingEventInput => {
  const saved = typeof input === "object" && input !== null && String((input as Record<string, unknown>).use_saved_account) === "1";
  const parsed = saved ? savedAccountEventSchema.safeParse(input) : bankingDetailsEventSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return saved
    ? { mode: "saved", ...(parsed.data as z.output<typeof savedAccountEventSchema>) }
    : { mode: "form", ...(parsed.data as z.output<typeof bankingDetailsEventSchema>) };
});

/** The eSign one-time code: 6 digits, as Aadhaar eSign providers send. */
export const ESIGN_CODE_LENGTH = 6;
