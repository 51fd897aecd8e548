import { createHash } from "node:crypto";
import type { BureauResult, CreditBureauPort } from "./port.ts";

/**
 * Sandbox bureau, deterministic per PAN so tests can choose an outcome by the PAN's
 * four digits (characters 6-9): 0000-0099 no history; 0100-0999 a low score (300-599);
 * 1000-9999 a score of 600-900.
 */
export function sandboxBureauResult(pan: string): BureauResult {
  const reference = `SBX-${createHash("sha256").update(pan).digest("hex").slice(0, 12).toUpperCase()}`;
  const digits = Number(pan.slice(5, 9));
  if (digits < 100) return { status: "NO_HISTORY", reference };
  if (digits < 1000) return { status: "SCORE", score: 300 + Math.floor((digits - 100) / 3), reference };
  return { status: "SCORE", score: 600 + (digits % 301), reference };
}

export function createSandboxCreditBureau(): CreditBureauPort {
  return { fetchScore: async ({ pan }) => sandboxBureauResult(pan) };
}
