// The loan agreement's text, built from the Key Fact Statement so the two never
// disagree. Pure: the borrower's details and the KFS are passed in. The eSign page
// shows it and the PDF builder (server/modules/offer/loan-documents.ts) prints it.

import { translator, type Language } from "./i18n/index.ts";
import { kfsDate, kfsItems, type Kfs, type KfsItemId, type KfsLender } from "./kfs.ts";
import { formatPaise } from "./money.ts";

export type AgreementBorrower = {
  fullName: string;
  mobile: string;
  /** Masked, e.g. XXXXXX234F; never the full PAN. */
  panMasked?: string | null;
  address?: string | null;
  /** Masked account, e.g. XXXXXX7890, and IFSC, when known. */
  bankAccountMasked?: string | null;
  ifsc?: string | null;
};

export type AgreementClause = { heading: string; text: string };

export type LoanAgreement = {
  title: string;
  /** The language its words are in: the KFS's. */
  language: Language;
  proposalNumber: string;
  /** Agreement day (the day it is signed or generated). */
  date: string;
  parties: string[];
  clauses: AgreementClause[];
};

export const AGREEMENT_TITLE = "Loan Agreement";

export function buildLoanAgreement({
  kfs,
  borrower,
  lender,
  agreementDate,
}: {
  kfs: Kfs;
  borrower: AgreementBorrower;
  lender: KfsLender;
  agreementDate: string;
}): LoanAgreement {
  const q = kfs.quote;
  const items = kfsItems(kfs);
  // In the KFS's language (the borrower's): the two are one document.
  const lang = kfs.language;
  const t = translator(lang);
  const account = borrower.bankAccountMasked
    ? `${t("documents.agreement.accountMasked", { masked: borrower.bankAccountMasked })}${borrower.ifsc ? t("documents.agreement.accountIfsc", { ifsc: borrower.ifsc }) : ""}`
    : t("documents.agreement.accountVerified");
  const details = `${t("documents.agreement.borrowerMobile", { name: borrower.fullName, mobile: borrower.mobile })}${
    borrower.panMasked ? t("documents.agreement.borrowerPan", { pan: borrower.panMasked }) : ""
  }${borrower.address ? t("documents.agreement.borrowerAddress", { address: borrower.address }) : ""}`;
  return {
    title: t("documents.agreement.title"),
    language: lang,
    proposalNumber: kfs.proposalNumber,
    date: kfsDate(agreementDate, lang),
    parties: [t("documents.agreement.partyLender", { legalName: lender.legalName, brand: lender.brand }), t("documents.agreement.partyBorrower", { details })],
    clauses: [
      {
        heading: t("documents.agreement.loanHeading"),
        text: t("documents.agreement.loanText", { amount: formatPaise(q.principalPaise), days: String(q.tenureDays), number: kfs.proposalNumber }),
      },
      {
        heading: t("documents.agreement.disbursalHeading"),
        text: t("documents.agreement.disbursalText", {
          fee: formatPaise(q.feePaise),
          gst: formatPaise(q.gstPaise),
          net: formatPaise(q.netDisbursalPaise),
          account,
        }),
      },
      {
        heading: t("documents.agreement.interestHeading"),
        text: t("documents.agreement.interestText", { rate: items.interest_rate ?? "", interest: formatPaise(q.interestPaise), apr: q.apr.toFixed(2) }),
      },
      {
        heading: t("documents.agreement.repaymentHeading"),
        text: t("documents.agreement.repaymentText", { amount: formatPaise(q.totalRepayablePaise), date: kfsDate(kfs.repaymentDate, lang) }),
      },
      // Every charge of paying late, as the KFS states it (decision 28, issue 29).
      { heading: t("documents.agreement.lateHeading"), text: lateClause(kfs) },
      { heading: t("documents.agreement.coolingOffHeading"), text: items.cooling_off ?? "" },
      { heading: t("documents.agreement.recoveryHeading"), text: items.recovery ?? "" },
      { heading: t("documents.agreement.declarationsHeading"), text: t("documents.agreement.declarationsText") },
      { heading: t("documents.agreement.dataHeading"), text: t("documents.agreement.dataText") },
      { heading: t("documents.agreement.complaintsHeading"), text: items.grievance_officer ?? "" },
      { heading: t("documents.agreement.lawHeading"), text: t("documents.agreement.lawText") },
    ],
  };
}

const LATE_ITEMS: readonly KfsItemId[] = ["post_due_interest", "penal_charges", "fairness_cap", "late_example"];

/** The late-payment clause: the KFS's items on paying late, each under its own label. */
function lateClause(kfs: Kfs): string {
  const items = kfs.sections.flatMap((s) => s.items).filter((i) => LATE_ITEMS.includes(i.id));
  return items.map((i) => `${i.label}: ${i.value}`).join(" ");
}
