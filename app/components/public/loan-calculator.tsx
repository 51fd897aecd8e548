import { useId } from "react";
import { PRODUCT } from "../../../core/product.ts";
import { quoteSingle } from "../../../core/loan-math/index.ts";
import { formatINR } from "../../../core/format.ts";
import { aprText, daysText } from "../../lib/loan-breakdown.ts";
import { LoanBreakdownBar } from "./loan-figures.tsx";

const P = PRODUCT.singleLoan;

const START = { amount: 25_000, days: 20 };

/**
 * Home-page calculator, as markup only: the first figures from core/ loan math. The home page never
 * hydrates (root.tsx; a client-side move to it loads the document, page-handle.ts), so the public-site
 * island is the one thing that recomputes them, through the data-calc attributes.
 */
export function LoanCalculator() {
  const id = useId();
  const { amount, days } = START;
  const quote = quoteSingle({ principal: amount, tenureDays: days });
  return (
    <div className="calc card" data-loan-calculator="">
      <form aria-label="Loan calculator">
        <div className="field">
          <label htmlFor={`${id}-amount`}>
            Loan amount: <output htmlFor={`${id}-amount`} data-calc="amount">{formatINR(amount)}</output>
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
          <span className="hint">{formatINR(P.amount.min)} to {formatINR(P.amount.max)}</span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-days`}>
            Days until your salary: <output htmlFor={`${id}-days`} data-calc="days">{daysText(days)}</output>
          </label>
          <input
            id={`${id}-days`}
            type="range"
            min={P.tenureDays.min}
            max={P.tenureDays.max}
            step={1}
            defaultValue={days}
            data-calc="days-input"
            aria-valuetext={daysText(days)}
          />
          <span className="hint">{P.tenureDays.min} to {P.tenureDays.max} days</span>
        </div>
      </form>
      <div aria-live="polite">
        <p>
          You receive <strong data-calc="net">{formatINR(quote.netDisbursal)}</strong> and repay <strong data-calc="repay">{formatINR(quote.totalRepayable)}</strong> on salary day. APR <span data-calc="apr">{aprText(quote)}</span>.
        </p>
        <LoanBreakdownBar quote={quote} />
        <p className="hint">
          An estimate from our published rates; your offer and Key Fact Statement show the exact figures. <a href="/rate-and-terms">How we calculate</a>
        </p>
      </div>
    </div>
  );
}
