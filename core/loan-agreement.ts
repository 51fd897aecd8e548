// The loan agreement's text, built from the Key Fact Statement so the two never
// disagree. Pure: the borrower's details and the KFS are passed in. The eSign page
// shows it and the PDF builder (server/modules/loan/loan-documents.ts) prints it.

import { formatKfsDate, kfsItems, type Kfs, type KfsLender } from "./kfs.ts";
import { formatINR } from "./loan-math/index.ts";

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
  const account = borrower.bankAccountMasked
    ? `bank account ${borrower.bankAccountMasked}${borrower.ifsc ? ` (IFSC ${borrower.ifsc})` : ""}`
    : "bank account verified during the application";
  return {
    title: AGREEMENT_TITLE,
    proposalNumber: kfs.proposalNumber,
    date: formatKfsDate(agreementDate),
    parties: [
      `${lender.legalName}, trading as ${lender.brand} (the "Lender").`,
      `${borrower.fullName}, mobile ${borrower.mobile}${borrower.panMasked ? `, PAN ${borrower.panMasked}` : ""}${
        borrower.address ? `, of ${borrower.address}` : ""
      } (the "Borrower").`,
    ],
    clauses: [
      {
        heading: "1. The loan",
        text: `The Lender lends the Borrower ${formatINR(q.principal)} for ${q.tenureDays} days under proposal ${kfs.proposalNumber}. The Key Fact Statement of the same number is part of this agreement; where the two differ, the Key Fact Statement applies.`,
      },
      {
        heading: "2. Disbursal",
        text: `The processing fee of ${formatINR(q.fee)} and GST of ${formatINR(q.gst)} are deducted, and ${formatINR(q.netDisbursal)} is paid straight into the Borrower's ${account}.`,
      },
      {
        heading: "3. Interest",
        text: `${items.interest_rate ?? ""}. Interest for the tenure is ${formatINR(q.interest)}. The Annual Percentage Rate is ${q.apr.toFixed(2)}%.`,
      },
      {
        heading: "4. Repayment",
        text: `The Borrower repays ${formatINR(q.totalRepayable)} in one payment on ${formatKfsDate(kfs.repaymentDate)}, straight to the Lender's account, through the website's Pay Now page or any payment method the Lender offers. The Borrower may repay earlier; interest is then charged only for the days the loan was kept.`,
      },
      { heading: "5. Late payment", text: items.penal_charges ?? "" },
      { heading: "6. Cooling-off period", text: items.cooling_off ?? "" },
      { heading: "7. Recovery", text: items.recovery ?? "" },
      {
        heading: "8. Borrower declarations",
        text: "The Borrower confirms that the details and documents given are true, that they have read the Key Fact Statement before accepting, and that the loan will be used for the stated purpose and for no unlawful purpose.",
      },
      {
        heading: "9. Data and consent",
        text: `The Lender uses the Borrower's data only for this loan and as the law requires, stores it in India, and shares it with credit bureaus and regulators as the law requires. The Borrower may withdraw consent and ask for deletion where the law allows.`,
      },
      { heading: "10. Complaints", text: items.grievance_officer ?? "" },
      {
        heading: "11. Law",
        text: "This agreement is governed by the laws of India and is signed electronically under the Information Technology Act, 2000.",
      },
    ],
  };
}
