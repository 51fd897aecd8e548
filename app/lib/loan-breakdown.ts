// The home calculator's words and figures, shared by the React calculator and the public-site island
// (app/islands/public-site.ts), so both show the same text for the same quote.
import type { SingleQuote } from "../../core/loan-math/index.ts";
import { formatINR } from "../../core/format.ts";

export interface BreakdownPart {
  key: "net" | "fee" | "gst" | "interest";
  label: string;
  value: number;
  cls: string;
  /** Share of the bar, in percent. */
  width: number;
}

/** Where a loan's money goes: what you receive, fee, GST and interest. */
export function breakdownParts(quote: SingleQuote): BreakdownPart[] {
  const total = quote.totalRepayable + quote.fee + quote.gst;
  const parts: Omit<BreakdownPart, "width">[] = [
    { key: "net", label: "Reaches your account", value: quote.netDisbursal, cls: "seg-net" },
    { key: "fee", label: "Processing fee", value: quote.fee, cls: "seg-fee" },
    { key: "gst", label: "GST on the fee", value: quote.gst, cls: "seg-gst" },
    { key: "interest", label: "Interest", value: quote.interest, cls: "seg-interest" },
  ];
  return parts.map((p) => ({ ...p, width: (p.value / total) * 100 }));
}

/** The bar's accessible name. */
export function breakdownLabel(quote: SingleQuote): string {
  return `Of ${formatINR(quote.totalRepayable, { decimals: 0 })} repaid: ${breakdownParts(quote)
    .map((p) => `${p.label} ${formatINR(p.value)}`)
    .join(", ")}`;
}

export const daysText = (days: number) => `${days} days`;
export const aprText = (quote: SingleQuote) => `${quote.apr.toFixed(2)}%`;
