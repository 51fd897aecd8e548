// Issue 32: KFS_LINK, our Key Fact Statement for the offer on_select reported, as the spec asks: text/html with
// the loan's details in a plain HTML table a buyer app can read and lay out again. Built with the KFS code
// (core/kfs.ts buildKfs) from the offer recorded on the submission, so it states exactly on_select's figures
// and the KFS PDF's. Its address is the submission's random id: only the buyer app and the customer hold it.
import { eq } from "drizzle-orm";
import { buildKfs, type Kfs } from "../../../core/kfs.ts";
import { kfsLender } from "../../../core/lender.ts";
import { DEFAULT_LOAN_PURPOSE_ID } from "../../../core/journey/masters.ts";
import type { SingleLoanProduct } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions } from "../../db/schema/index.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function kfsHtml(kfs: Kfs): string {
  const tables = kfs.sections
    .map(
      (s) =>
        `<table><caption>${escapeHtml(s.title)}</caption><tbody>${s.items.map((i) => `<tr id="${i.id}"><th scope="row">${escapeHtml(i.label)}</th><td>${escapeHtml(i.value)}</td></tr>`).join("")}</tbody></table>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(kfs.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1rem;max-width:48rem}table{border-collapse:collapse;width:100%;margin-bottom:1rem}caption{text-align:left;font-weight:700;padding:.5rem 0}th,td{border:1px solid #999;padding:.4rem;text-align:left;vertical-align:top}</style></head>
<body><h1>${escapeHtml(kfs.title)}</h1>${tables}</body></html>`;
}

export function createOndcKfsPages(deps: { db: Db; profiles: Pick<ProfileService, "load">; product: SingleLoanProduct }) {
  const { db, profiles, product } = deps;
  return {
    /** The KFS of the offer reported for a submission, or null when there is none. */
    async kfsOf(submissionId: string): Promise<Kfs | null> {
      if (!UUID.test(submissionId)) return null;
      const [s] = await db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.submissionId, submissionId));
      if (!s?.proposalNumber || !s.offerPrincipal || !s.offerTenureDays || !s.offerRepaymentDate || !s.offerIssuedOn) return null;
      const profile = await profiles.load(s.profileId);
      return buildKfs(
        {
          proposalNumber: s.proposalNumber,
          issuedOn: s.offerIssuedOn,
          principal: s.offerPrincipal,
          tenureDays: s.offerTenureDays,
          repaymentDate: s.offerRepaymentDate,
          purposeId: DEFAULT_LOAN_PURPOSE_ID,
          borrowerName: profile.fullName,
          lender: kfsLender,
        },
        product,
      );
    },
  };
}

export type OndcKfsPages = ReturnType<typeof createOndcKfsPages>;
