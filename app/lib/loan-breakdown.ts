// The home calculator's words and figures, shared by the React calculator and the public-site island
// (app/islands/public-site.ts), so both show the same text for the same quote. The words come from the
// catalogue on the server (calculatorWords) and reach the island in the HTML (data-calc-words), so the
// island carries no catalogue and no message library (issue 23).
import type { SingleQuote } from "../../core/loan-math/index.ts";
import { formatPaise } from "../../core/format.ts";

export interface BreakdownPart {
  key: "net" | "fee" | "gst" | "interest";
  label: string;
  /** Paise. */
  value: number;
  cls: string;
  /** Share of the bar, in percent. */
  width: number;
}

/** The calculator's words in one language; `bar` holds {total} and {parts}, `days` holds {n} (7 to 40, never one). */
export interface CalculatorWords {
  net: string;
  fee: string;
  gst: string;
  interest: string;
  bar: string;
  days: string;
}

export const ENGLISH_CALCULATOR_WORDS: CalculatorWords = {
  net: "Reaches your account",
  fee: "Processing fee",
  gst: "GST on the fee",
  interest: "Interest",
  bar: "Of {total} repaid: {parts}",
  days: "{n} days",
};

/** Where a loan's money goes: what you receive, fee, GST and interest. */
export function breakdownParts(quote: SingleQuote, words: CalculatorWords = ENGLISH_CALCULATOR_WORDS): BreakdownPart[] {
  const total = quote.totalRepayablePaise + quote.feePaise + quote.gstPaise;
  const parts: Omit<BreakdownPart, "width">[] = [
    { key: "net", label: words.net, value: quote.netDisbursalPaise, cls: "seg-net" },
    { key: "fee", label: words.fee, value: quote.feePaise, cls: "seg-fee" },
    { key: "gst", label: words.gst, value: quote.gstPaise, cls: "seg-gst" },
    { key: "interest", label: words.interest, value: quote.interestPaise, cls: "seg-interest" },
  ];
  return parts.map((p) => ({ ...p, width: (p.value / total) * 100 }));
}

/** The bar's accessible name. */
export function breakdownLabel(quote: SingleQuote, words: CalculatorWords = ENGLISH_CALCULATOR_WORDS): string {
  const parts = breakdownParts(quote, words)
    .map((p) => `${p.label} ${formatPaise(p.value)}`)
    .join(", ");
  return words.bar.replace("{total}", formatPaise(quote.totalRepayablePaise, { decimals: 0 })).replace("{parts}", parts);
}

export const daysText = (days: number, words: CalculatorWords = ENGLISH_CALCULATOR_WORDS) => words.days.replace("{n}", String(days));
export const aprText = (quote: SingleQuote) => `${quote.apr.toFixed(2)}%`;
