import { useId } from "react";
import { PRODUCT } from "../../../core/product.ts";
import { quoteSingle } from "../../../core/loan-math/index.ts";
import { formatINR, formatPaise } from "../../../core/format.ts";
import type { Translate } from "../../../core/i18n/index.ts";
import { aprText, daysText, type CalculatorWords } from "../../lib/loan-breakdown.ts";
import { useRichT, useT } from "../../lib/i18n.tsx";
import { LoanBreakdownBar } from "./loan-figures.tsx";

const P = PRODUCT.singleLoan;

const START = { amount: 25_000, days: 20 };

/** The calculator's words from the catalogue, with the placeholders the island fills in. */
export function calculatorWords(t: Translate): CalculatorWords {
  return {
    net: t("calc.net"),
    fee: t("calc.fee"),
    gst: t("calc.gst"),
    interest: t("calc.interest"),
    bar: t("calc.barLabel", { total: "{total}", parts: "{parts}" }),
    // Days run 7 to 40: always the plural form.
    days: t("calc.daysValue", { days: 99 }).replace("99", "{n}"),
  };
}

/**
 * Home-page calculator, as markup only: the first figures from core/ loan math. The home page never
 * hydrates (root.tsx; a client-side move to it loads the document, page-handle.ts), so the public-site
 * island is the one thing that recomputes them, through the data-calc attributes, with the words this
 * component wrote into data-calc-words.
 */
export function LoanCalculator() {
  const id = useId();
  const t = useT();
  const rich = useRichT();
  const words = calculatorWords(t);
  const { amount, days } = START;
  const quote = quoteSingle({ principal: amount, tenureDays: days });
  const strong = (name: string, text: string) => (
    <strong data-calc={name} key={name}>
      {text}
    </strong>
  );
  const apr = (
    <span data-calc="apr" key="apr">
      {aprText(quote)}
    </span>
  );
  return (
    <div className="calc card" data-loan-calculator="" data-calc-words={JSON.stringify(words)}>
      <form aria-label={t("calc.form")}>
        <div className="field">
          <label htmlFor={`${id}-amount`}>
            {t("calc.amount")}{" "}
            <output htmlFor={`${id}-amount`} data-calc="amount">
              {formatINR(amount)}
            </output>
          </label>
          <input
            id={`${id}-amount`}
            type="range"
            min={P.amount.min}
            max={P.amount.max}
            step={P.sliderStep.chosenTenure}
            defaultValue={amount}
            data-calc="amount-input"
            aria-valuetext={formatINR(amount)}
          />
          <span className="hint">{t("calc.range", { min: formatINR(P.amount.min), max: formatINR(P.amount.max) })}</span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-days`}>
            {t("calc.days")}{" "}
            <output htmlFor={`${id}-days`} data-calc="days">
              {daysText(days, words)}
            </output>
          </label>
          <input
            id={`${id}-days`}
            type="range"
            min={P.tenureDays.min}
            max={P.tenureDays.max}
            step={1}
            defaultValue={days}
            data-calc="days-input"
            aria-valuetext={daysText(days, words)}
          />
          <span className="hint">{t("calc.daysRange", { min: P.tenureDays.min, max: P.tenureDays.max })}</span>
        </div>
      </form>
      <div aria-live="polite">
        {/* The figures sit where the language puts them, each in its own element for the island. */}
        <p>
          {rich("calc.result", {
            net: strong("net", formatPaise(quote.netDisbursalPaise)),
            repay: strong("repay", formatPaise(quote.totalRepayablePaise)),
            apr,
          })}
        </p>
        <LoanBreakdownBar quote={quote} words={words} />
        <p className="hint">
          {t("calc.estimate")} <a href="/rate-and-terms">{t("calc.how")}</a>
        </p>
      </div>
    </div>
  );
}
