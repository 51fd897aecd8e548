import { useMemo, useRef, useState } from "react";
import { Form, Link, data, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/calculate-loan.ts";
import { kfsLender } from "../../../core/lender.ts";
import type { JourneyEventReply } from "../../../core/contract/index.ts";
import { BackLink, FormAlert } from "../../components/dashboard/form-bits.tsx";
import { KfsView } from "../../components/dashboard/kfs-view.tsx";
import { LOAN_PURPOSES, screenFor, DEFAULT_LOAN_PURPOSE_ID } from "../../../core/journey/index.ts";
import { buildKfs, type Kfs } from "../../../core/kfs.ts";
import { quoteFigures, repaymentDateForTenure } from "../../../core/loan-math/index.ts";
import { formatINR, formatPaise } from "../../../core/format.ts";
import { MESSAGES } from "../../../core/validation/index.ts";
import { QUOTE_CODES, type CodedMessage } from "../../../core/i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { useDashboardData } from "../../lib/dashboard-data.ts";
import { endOnSessionLoss, formValues, noticeCookie, requireApi } from "../../lib/dashboard.server.ts";
import { StepCounter } from "../../components/dashboard/step-counter.tsx";
import { FieldError } from "../../components/field-error.tsx";
import { useCodeText, useLanguage, useRichT, useT } from "../../lib/i18n.tsx";
import { journeyMeta, useDateText } from "../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.quote.title");

/** generate_loan_quote's answer (spec 3 "Loan quote" plus the proposal number). */
export type LoanQuote = JourneyEventReply<"generate_loan_quote">;

/**
 * The quote, (re)generated on the server for each visit: generate_loan_quote keeps the lead's
 * proposal number and dates the KFS today. A customer elsewhere in the journey gets the API's message.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<{ quote: LoanQuote | null; error: string }> {
  const reply = endOnSessionLoss(await requireApi(context).journey<LoanQuote>({ event_name: "generate_loan_quote" }));
  return reply.Status === 1 && reply.Data ? { quote: reply.Data, error: "" } : { quote: null, error: errorText(reply) };
}

/** The figures the screen showed, as sent in the form (JSON); anything else is left for the API to refuse. */
function parseFigures(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * loan_quotation_decision. The server recomputes the quote and refuses figures that differ from
 * what the screen showed. Accepted: the next step's screen; declined: the dashboard (eligibility reset).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const v = formValues(await request.formData());
  const accepted = v.accepted_id === "2" ? 2 : 1;
  const reply = endOnSessionLoss(
    await requireApi(context).journey<{ next_step: string }>({
      event_name: "loan_quotation_decision",
      amount: v.amount ?? "",
      tenure: v.tenure ?? "",
      purpose_id: v.purpose_id ?? "",
      accepted_id: accepted,
      kfs_acknowledged: v.kfs_acknowledged === "1" ? 1 : 0,
      proposal_number: v.proposal_number ?? "",
      figures: parseFigures(v.figures),
    }),
  );
  if (reply.Status === 1 && reply.Data) {
    throw redirect(accepted === 2 ? "/my-dashboard" : screenFor(reply.Data.next_step), { headers: { "Set-Cookie": noticeCookie(reply.Message) } });
  }
  return data({ error: errorText(reply) }, { status: 400 });
}

/** The stacked bar: what you receive, the fee, the GST and the interest, adding up to what you repay (paise). */
function RepaymentBar({ net, fee, gst, interest, total }: { net: number; fee: number; gst: number; interest: number; total: number }) {
  const t = useT();
  const parts = [
    { key: "net", label: t("journey.quote.paidToYou"), value: net, className: "bar-net" },
    { key: "fee", label: t("journey.quote.fee"), value: fee, className: "bar-fee" },
    { key: "gst", label: t("journey.quote.gst"), value: gst, className: "bar-gst" },
    { key: "interest", label: t("journey.quote.interest"), value: interest, className: "bar-interest" },
  ];
  const described = parts.map((p) => t("journey.quote.barPart", { label: p.label, amount: formatPaise(p.value) })).join(", ");
  return (
    <figure className="repay-figure">
      <div className="repay-bar" role="img" aria-label={t("journey.quote.barLabel", { total: formatPaise(total), parts: described })}>
        {parts.map((p) => (
          <span key={p.key} className={p.className} style={{ width: `${(p.value / total) * 100}%` }} />
        ))}
      </div>
      <figcaption>
        <ul className="repay-legend">
          {parts.map((p) => (
            <li key={p.key}>
              <span className={`swatch ${p.className}`} aria-hidden="true" /> {p.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The quote's form: what the customer chooses, the figures and the KFS for that choice, then the decision. */
function QuoteForm({ quote }: { quote: LoanQuote }) {
  const [amount, setAmount] = useState(quote.loan_amount);
  const [tenure, setTenure] = useState(quote.tenure);
  const [purpose, setPurpose] = useState(quote.purpose_id || DEFAULT_LOAN_PURPOSE_ID);
  const [acknowledged, setAcknowledged] = useState(false);
  const [ackError, setAckError] = useState<string | CodedMessage>("");
  const ackRef = useRef<HTMLInputElement>(null);
  const proposalNumber = quote.proposal_number ?? "";
  const lang = useLanguage();

  const repaymentDate = quote.show_loan_tenure === 1 ? repaymentDateForTenure(quote.issued_on, tenure) : quote.repayment_date;
  const kfs = useMemo(
    () =>
      buildKfs(
        {
          proposalNumber,
          issuedOn: quote.issued_on,
          principal: amount,
          tenureDays: tenure,
          repaymentDate,
          purposeId: purpose,
          borrowerName: quote.borrower_name || null,
          lender: kfsLender,
        },
        undefined,
        lang,
      ),
    [quote, proposalNumber, amount, tenure, repaymentDate, purpose, lang],
  );
  const q = kfs.quote;

  /** Accepting needs the KFS acknowledged: checked here first, and again by the server. */
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "1" && !acknowledged) {
      event.preventDefault();
      setAckError(QUOTE_CODES.kfsAcknowledgementRequired);
      ackRef.current?.focus();
    }
  }

  return (
    <Form method="post" className="quote" onSubmit={onSubmit} noValidate>
      <input type="hidden" name="proposal_number" value={proposalNumber} />
      {/* What the screen shows: the server refuses the decision if its own figures differ. */}
      <input type="hidden" name="figures" value={JSON.stringify(quoteFigures(q, repaymentDate))} />
      <QuoteControls quote={quote} amount={amount} setAmount={setAmount} tenure={tenure} setTenure={setTenure} purpose={purpose} setPurpose={setPurpose} />

      <QuoteBreakdown q={q} repaymentDate={repaymentDate} />

      <KfsView kfs={kfs} headingLevel={2} />

      <QuoteDecision
        quote={quote}
        acknowledged={acknowledged}
        setAcknowledged={setAcknowledged}
        ackError={ackError}
        setAckError={setAckError}
        ackRef={ackRef}
      />
    </Form>
  );
}

/** The sliders (amount, and tenure when the product lets the customer choose it) and the purpose. */
function QuoteControls(props: {
  quote: LoanQuote;
  amount: number;
  setAmount: (amount: number) => void;
  tenure: number;
  setTenure: (tenure: number) => void;
  purpose: number;
  setPurpose: (purpose: number) => void;
}) {
  const { quote, amount, setAmount, tenure, setTenure, purpose, setPurpose } = props;
  const t = useT();
  const rich = useRichT();
  const date = useDateText();
  return (
    <section className="card quote-controls" aria-labelledby="choose-title">
      <h2 id="choose-title">{t("journey.quote.choose")}</h2>
      <div className="field">
        <label htmlFor="amount">{t("journey.quote.amount")}</label>
        <output htmlFor="amount" className="slider-value" aria-live="polite">
          {formatINR(amount)}
        </output>
        <input
          id="amount"
          name="amount"
          type="range"
          min={quote.min_loan_amount}
          max={quote.max_loan_amount}
          step={quote.amount_step}
          value={amount}
          aria-valuetext={formatINR(amount)}
          onChange={(e) => setAmount(Number(e.target.value))}
        />
        <p className="hint slider-bounds">
          <span>{formatINR(quote.min_loan_amount)}</span>
          <span>{formatINR(quote.max_loan_amount)}</span>
        </p>
      </div>
      {quote.show_loan_tenure === 1 ? (
        <div className="field">
          <label htmlFor="tenure">{t("journey.quote.tenure")}</label>
          <output htmlFor="tenure" className="slider-value" aria-live="polite">
            {t("journey.quote.days", { days: tenure })}
          </output>
          <input
            id="tenure"
            name="tenure"
            type="range"
            min={quote.min_loan_tenure}
            max={quote.max_loan_tenure}
            step={1}
            value={tenure}
            aria-valuetext={t("journey.quote.days", { days: tenure })}
            onChange={(e) => setTenure(Number(e.target.value))}
          />
          <p className="hint slider-bounds">
            <span>{t("journey.quote.days", { days: quote.min_loan_tenure })}</span>
            <span>{t("journey.quote.days", { days: quote.max_loan_tenure })}</span>
          </p>
        </div>
      ) : (
        <p className="hint">
          <input type="hidden" name="tenure" value={tenure} />
          {rich("journey.quote.tenureFixed", {
            tenure: t("journey.quote.days", { days: quote.tenure }),
            text: t("journey.quote.repayOn", { date: date(quote.repayment_date) }),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      )}
      <div className="field">
        <label htmlFor="purpose_id">{t("journey.quote.purpose")}</label>
        <select id="purpose_id" name="purpose_id" value={purpose} onChange={(e) => setPurpose(Number(e.target.value))}>
          {LOAN_PURPOSES.map((p) => (
            <option key={p.id} value={p.id}>
              {t(p.labelKey)}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

/** The figures of the chosen quote, updated as the sliders move (paise, from core's loan math). */
function QuoteBreakdown({ q, repaymentDate }: { q: Kfs["quote"]; repaymentDate: string }) {
  const t = useT();
  const date = useDateText();
  return (
    <section className="card quote-breakdown" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title">{t("journey.quote.glance")}</h2>
      <RepaymentBar net={q.netDisbursalPaise} fee={q.feePaise} gst={q.gstPaise} interest={q.interestPaise} total={q.totalRepayablePaise} />
      <dl className="facts breakdown-facts" aria-live="polite">
        <div>
          <dt>{t("journey.quote.amount")}</dt>
          <dd>{formatPaise(q.principalPaise)}</dd>
        </div>
        <div>
          <dt>{t("journey.quote.fee")}</dt>
          <dd>{formatPaise(q.feePaise)}</dd>
        </div>
        <div>
          <dt>{t("journey.quote.gst")}</dt>
          <dd>{formatPaise(q.gstPaise)}</dd>
        </div>
        <div>
          <dt>{t("journey.quote.toBank")}</dt>
          <dd data-testid="net-disbursal">{formatPaise(q.netDisbursalPaise)}</dd>
        </div>
        <div>
          <dt>{t("journey.quote.interestDays", { days: q.tenureDays })}</dt>
          <dd>{formatPaise(q.interestPaise)}</dd>
        </div>
        <div>
          <dt>{t("journey.quote.total")}</dt>
          <dd data-testid="total-repayable">{formatPaise(q.totalRepayablePaise)}</dd>
        </div>
        <div>
          <dt>{t("journey.quote.repaymentDate")}</dt>
          <dd>{date(repaymentDate)}</dd>
        </div>
        <div>
          <dt>{t("journey.quote.apr")}</dt>
          <dd data-testid="breakdown-apr">{q.apr.toFixed(2)}%</dd>
        </div>
      </dl>
    </section>
  );
}

/** The KFS acknowledgement, then accept, or decline after a confirmation. */
function QuoteDecision(props: {
  quote: LoanQuote;
  acknowledged: boolean;
  setAcknowledged: (acknowledged: boolean) => void;
  ackError: string | CodedMessage;
  setAckError: (error: string | CodedMessage) => void;
  ackRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { quote, acknowledged, setAcknowledged, ackError, setAckError, ackRef } = props;
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [confirmDecline, setConfirmDecline] = useState(false);
  const t = useT();
  const rich = useRichT();
  return (
    <section className="card quote-decision" aria-labelledby="decision-title">
      <h2 id="decision-title">{t("journey.quote.decision")}</h2>
      <div className="check">
        <input
          ref={ackRef}
          id="kfs_acknowledged"
          name="kfs_acknowledged"
          value="1"
          type="checkbox"
          checked={acknowledged}
          aria-invalid={ackError ? true : undefined}
          aria-describedby={ackError ? "kfs_acknowledged-error" : undefined}
          onChange={(e) => {
            setAcknowledged(e.target.checked);
            if (e.target.checked) setAckError("");
          }}
        />
        <label htmlFor="kfs_acknowledged">{t("journey.quote.ack", { proposal: quote.proposal_number ?? "" })}</label>
      </div>
      <FieldError id="kfs_acknowledged-error" message={ackError} />
      <FormAlert message={reply?.error ?? ""} />
      {confirmDecline ? (
        <div className="decline-confirm" role="group" aria-labelledby="decline-question">
          <p id="decline-question">{rich("journey.quote.declineQuestion", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
          <div className="home-actions">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setConfirmDecline(false)}>
              {t("journey.quote.keep")}
            </button>
            <button type="submit" name="accepted_id" value="2" className="btn btn-primary" disabled={busy}>
              {t("journey.quote.yesDecline")}
            </button>
          </div>
        </div>
      ) : (
        <div className="home-actions">
          <button type="submit" name="accepted_id" value="1" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {t("journey.quote.accept")}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setConfirmDecline(true)}>
            {t("journey.quote.decline")}
          </button>
        </div>
      )}
    </section>
  );
}

/** The 'Calculating Loans' screen: quote sliders, live breakdown, the KFS, then accept or decline. */
export default function CalculateLoan({ loaderData }: Route.ComponentProps) {
  const { quote, error } = loaderData;
  const { data: dashboard } = useDashboardData();
  const t = useT();
  const words = useCodeText();

  return (
    <section className="quote-page" aria-labelledby="quote-title">
      <BackLink />
      <StepCounter step="generate_loan_quote" />
      <h1 id="quote-title">{t("journey.quote.heading")}</h1>
      {error || !quote ? (
        <div className="card">
          <p className="alert alert-error" role="alert">
            {words(error)}
          </p>
          {/* The API answers in the page's language. */}
          {(error === MESSAGES.stepNotAvailable || error === t("journey.msg.stepNotAvailable")) && dashboard ? (
            <Link className="btn btn-primary" to={screenFor(dashboard.next_event_name)}>
              {t("journey.goToCurrentStep")}
            </Link>
          ) : null}
        </div>
      ) : (
        <QuoteForm quote={quote} />
      )}
    </section>
  );
}
