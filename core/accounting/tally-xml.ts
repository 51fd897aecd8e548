// Tally's XML import of vouchers (TallyPrime "Integration using XML"): an ENVELOPE whose HEADER asks to
// Import Data, and a BODY/IMPORTDATA whose REQUESTDESC names the Vouchers report and the company, and whose
// REQUESTDATA holds one TALLYMESSAGE per voucher. Each ledger line says ISDEEMEDPOSITIVE Yes for a debit with
// a negative AMOUNT, No for a credit with a positive AMOUNT, in rupees with 2 decimals: a voucher's amounts
// add up to zero. Pure: vouchers in, text out; every value is XML-escaped.
import { plainRupees } from "../admin/csv.ts";

export interface TallyLine {
  ledger: string;
  /** Positive: debit; negative: credit (paise). */
  netPaise: number;
}

export interface TallyVoucher {
  /** yyyy-mm-dd */
  date: string;
  number: string;
  narration: string;
  lines: TallyLine[];
}

export const TALLY_VOUCHER_TYPE = "Journal";

/** Escapes the five XML specials and drops characters XML 1.0 cannot carry. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * Lines of one voucher by Tally ledger: postings that map to one ledger (each loan's receivable to the one
 * "Loans and advances" ledger, say) are netted, and a ledger netting to zero is left out.
 */
export function tallyLines(postings: readonly { ledger: string; side: "debit" | "credit"; amount: number }[]): TallyLine[] {
  const net = new Map<string, number>();
  for (const p of postings) net.set(p.ledger, (net.get(p.ledger) ?? 0) + (p.side === "debit" ? p.amount : -p.amount));
  return [...net.entries()].filter(([, n]) => n !== 0).map(([ledger, netPaise]) => ({ ledger, netPaise }));
}

function voucherXml(v: TallyVoucher): string {
  const e = xmlEscape;
  const lines = v.lines
    .map((l) =>
      [
        "      <ALLLEDGERENTRIES.LIST>",
        `       <LEDGERNAME>${e(l.ledger)}</LEDGERNAME>`,
        `       <ISDEEMEDPOSITIVE>${l.netPaise > 0 ? "Yes" : "No"}</ISDEEMEDPOSITIVE>`,
        // Tally's sign: a debit is negative, a credit positive.
        `       <AMOUNT>${plainRupees(-l.netPaise)}</AMOUNT>`,
        "      </ALLLEDGERENTRIES.LIST>",
      ].join("\n"),
    )
    .join("\n");
  return [
    "    <TALLYMESSAGE>",
    `     <VOUCHER VCHTYPE="${TALLY_VOUCHER_TYPE}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
    `      <DATE>${v.date.replace(/-/g, "")}</DATE>`,
    `      <VOUCHERTYPENAME>${TALLY_VOUCHER_TYPE}</VOUCHERTYPENAME>`,
    `      <VOUCHERNUMBER>${e(v.number)}</VOUCHERNUMBER>`,
    "      <PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>",
    `      <NARRATION>${e(v.narration)}</NARRATION>`,
    lines,
    "     </VOUCHER>",
    "    </TALLYMESSAGE>",
  ].join("\n");
}

/** The whole import file for `company` (Tally's SVCURRENTCOMPANY: the company the vouchers go into). */
export function tallyImportXml(company: string, vouchers: readonly TallyVoucher[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<ENVELOPE>",
    " <HEADER>",
    "  <TALLYREQUEST>Import Data</TALLYREQUEST>",
    " </HEADER>",
    " <BODY>",
    "  <IMPORTDATA>",
    "   <REQUESTDESC>",
    "    <REPORTNAME>Vouchers</REPORTNAME>",
    "    <STATICVARIABLES>",
    `     <SVCURRENTCOMPANY>${xmlEscape(company)}</SVCURRENTCOMPANY>`,
    "    </STATICVARIABLES>",
    "   </REQUESTDESC>",
    "   <REQUESTDATA>",
    ...vouchers.map(voucherXml),
    "   </REQUESTDATA>",
    "  </IMPORTDATA>",
    " </BODY>",
    "</ENVELOPE>",
    "",
  ].join("\n");
}
