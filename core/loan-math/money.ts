// Money is computed in integer paise so sums never drift (0.1 + 0.2 problems).
// Rupee amounts cross the API as decimals (spec section 9), so these helpers
// convert at the edges and format with Indian digit grouping.

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
export function percentOfPaise(paise: number, percent: number): number {
  // Percentages here are whole numbers or have at most 2 decimals; scale to integers.
  const scaled = Math.round(percent * 100);
  return divRoundHalfUp(paise * scaled, 10_000);
}

/** Rounds paise half up to whole rupees, still in paise. */
export function roundPaiseToRupee(paise: number): number {
  return divRoundHalfUp(paise, 100) * 100;
}

/**
 * Exact rupees → paise. Accepts a number or a decimal string with up to 2
 * decimals (more decimals are rounded half up). Parsing the text avoids
 * 1.005 * 100 = 100.49999.
 */
export function rupeesToPaise(value: number | string): number {
  const text = typeof value === "number" ? numberToPlainString(value) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new RangeError(`Not a rupee amount: ${String(value)}`);
  const [, minus, whole, frac = ""] = m;
  const padded = (frac + "000").slice(0, 3);
  let paise = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) paise += 1;
  if (!Number.isSafeInteger(paise)) throw new RangeError("Amount too large");
  return minus && paise !== 0 ? -paise : paise;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError("Amount must be finite");
  // toString gives exponent form only for |n| >= 1e21 or < 1e-6; both are not rupee amounts.
  const s = String(n);
  if (/e/i.test(s)) throw new RangeError(`Amount out of range: ${s}`);
  return s;
}

/** Paise → rupees as a number (exact to 2 decimals for display and JSON). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
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
 * Formats rupees as ₹1,00,000 or ₹1,234.50. Hand-written rather than Intl so
 * the server and every browser print the same text (hydration must match).
 */
export function formatINR(rupees: number, { decimals = "auto", symbol = true }: RupeeFormat = {}): string {
  let paise = rupeesToPaise(rupees);
  const negative = paise < 0;
  paise = Math.abs(paise);
  if (decimals === 0) paise = roundPaiseToRupee(paise);
  const whole = groupIndian(String(Math.floor(paise / 100)));
  const frac = String(paise % 100).padStart(2, "0");
  const showFrac = decimals === 2 || (decimals === "auto" && frac !== "00");
  return `${negative ? "-" : ""}${symbol ? "₹" : ""}${whole}${showFrac ? `.${frac}` : ""}`;
}

/** Indian-grouped number without the rupee sign, e.g. 1,000 or 1,00,000. */
export function formatIndianNumber(n: number): string {
  return formatINR(n, { symbol: false });
}
