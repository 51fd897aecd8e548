// Issue 32: what every order callback from on_init on reads beyond its request: the offer its form's chain leads
// back to, the search's payment terms (who collects, the finder fee's percentage) and the buyer app's finder fee
// for this loan (decided in docs/decisions/providers.md, issue 32, init → on_init). Once the buyer app has
// confirmed the agreement (F06), the fee and its percentage are the ones on_confirm stated, stored with the order
// (ondc_orders), never worked out again from a later search.
import { and, desc, eq } from "drizzle-orm";
import type { Kfs } from "../../../core/kfs.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import type { OndcError } from "./answers.ts";
import { rupees } from "./offer.ts";
import type { Lender } from "./callbacks.ts";
import type { Logger } from "../../logger.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { OndcOutbox } from "./outbox.ts";
import { QUOTE_TTL } from "./select.ts";
import { finderFeePaise } from "../../../core/ondc/finder-fee.ts";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions, ondcMessages, ondcOrders } from "../../db/schema/index.ts";
import { searchPaymentTerms, tagValue, type ContractTerms, type SearchPaymentTerms } from "./catalog.ts";

/** The payment terms the transaction's search stated (its latest search; none: no fee, we collect, as on_search defaults). */
export async function searchTermsOf(db: Db, transactionId: string): Promise<SearchPaymentTerms> {
  const [search] = await db
    .select({ body: ondcMessages.body })
    .from(ondcMessages)
    .where(and(eq(ondcMessages.transactionId, transactionId), eq(ondcMessages.direction, "in"), eq(ondcMessages.action, "search")))
    .orderBy(desc(ondcMessages.receivedAt))
    .limit(1);
  return searchPaymentTerms(search ? (JSON.parse(search.body) as { message: Record<string, unknown> }).message : {});
}

/** The finder fee the offer owes at the search's percentage, paise; null when the percentage cannot be read exactly. */
export const finderFeeOf = (kfs: Kfs, terms: SearchPaymentTerms) =>
  finderFeePaise({ principalPaise: kfs.quote.principalPaise, percentage: terms.buyerFinderFeesPercentage, tenureDays: kfs.quote.tenureDays });

/** The F02 submission (the offer for the amount) a form's chain of parents leads back to, in its transaction; null when none. */
export async function offerOfChain(db: Db, submission: typeof ondcFormSubmissions.$inferSelect): Promise<string | null> {
  let at = submission;
  for (let hops = 0; hops < 4 && at.formId !== "F02"; hops++) {
    if (!at.parentSubmissionId) return null;
    const [parent] = await db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.submissionId, at.parentSubmissionId));
    if (!parent || parent.transactionId !== submission.transactionId) return null;
    at = parent;
  }
  return at.formId === "F02" ? at.submissionId : null;
}

/** The order a buyer app confirmed for an agreement (F06), with the finder fee on_confirm stated; null before its confirm. */
export async function confirmedOrderOf(db: Db, f06SubmissionId: string) {
  const [order] = await db.select().from(ondcOrders).where(eq(ondcOrders.f06SubmissionId, f06SubmissionId));
  return order ?? null;
}

/**
 * What an order from on_init on is built from: the offer (its F02 and KFS), the search's terms and the finder fee.
 * For a confirmed agreement, the fee and percentage on_confirm stated (`feeFrom` "on_confirm"); else worked out
 * from the transaction's latest search ("search").
 */
export async function orderParts(db: Db, kfsPages: OndcKfsPages, submission: typeof ondcFormSubmissions.$inferSelect) {
  const f02Id = await offerOfChain(db, submission);
  const kfs = f02Id ? await kfsPages.kfsOf(f02Id) : null;
  if (!f02Id || !kfs) return null;
  const terms = await searchTermsOf(db, submission.transactionId);
  const confirmed = submission.formId === "F06" ? await confirmedOrderOf(db, submission.submissionId) : null;
  if (confirmed)
    return {
      f02Id,
      kfs,
      terms: { ...terms, buyerFinderFeesPercentage: confirmed.finderFeePercentage },
      fee: confirmed.finderFeePaise as number | null,
      feeFrom: "on_confirm" as const,
      bapId: confirmed.bapId as string | null,
    };
  return { f02Id, kfs, terms, fee: finderFeeOf(kfs, terms), feeFrom: "search" as const, bapId: null as string | null };
}

/** The buyer app's settlement terms from its latest init (neft and 0 where it said nothing we can use). */
export async function contractTermsOf(db: Db, transactionId: string): Promise<ContractTerms> {
  const [init] = await db
    .select({ body: ondcMessages.body })
    .from(ondcMessages)
    .where(and(eq(ondcMessages.transactionId, transactionId), eq(ondcMessages.direction, "in"), eq(ondcMessages.action, "init")))
    .orderBy(desc(ondcMessages.receivedAt))
    .limit(1);
  const tags = init ? (JSON.parse(init.body) as { message?: { order?: { payments?: { tags?: unknown }[] } } }).message?.order?.payments?.[0]?.tags : undefined;
  const type = tagValue(tags, "SETTLEMENT_TERMS", "SETTLEMENT_TYPE");
  const delay = tagValue(tags, "SETTLEMENT_TERMS", "DELAY_INTEREST");
  return {
    settlementType: type === "upi" || type === "rtgs" ? type : "neft",
    delayInterest: delay && /^\d+(\.\d+)?$/.test(delay) ? delay : "0",
  };
}

/**
 * Where a request's payment terms disagree with ours (80216, and nothing else answered): its collector must be
 * the search's, and a SETTLEMENT_AMOUNT it states must be the finder fee we owe for this loan (decided in
 * providers.md: the fee is agreed before the contract). Null when they agree or say nothing.
 */
export function paymentDisagreement(
  payment: { collected_by?: unknown; tags?: unknown } | undefined,
  parts: { kfs: Kfs; terms: SearchPaymentTerms; fee: number | null },
): OndcError | null {
  const { kfs, terms, fee } = parts;
  if (payment?.collected_by !== undefined && payment.collected_by !== terms.collectedBy)
    return {
      code: "80216",
      message: `payments.collected_by must be ${terms.collectedBy}, as the search said.`,
      paths: "message.order.payments[0].collected_by",
    };
  const stated = tagValue(payment?.tags, "SETTLEMENT_TERMS", "SETTLEMENT_AMOUNT");
  if (fee !== null && stated !== null && (!/^\d+(\.\d{1,2})?$/.test(stated) || Math.round(Number(stated) * 100) !== fee)) {
    return {
      code: "80216",
      message: `SETTLEMENT_AMOUNT for this loan is ${rupees(fee)}: ${terms.buyerFinderFeesPercentage} % a year of ${rupees(kfs.quote.principalPaise)} INR for ${kfs.quote.tenureDays} days.`,
      paths: "message.order.payments[0].tags",
    };
  }
  return null;
}

/** The parts of every order from on_init on, for the offer `parts` reads and its borrower (all but the next form). */
export function offerInput(
  parts: { f02Id: string; kfs: Kfs; terms: SearchPaymentTerms; fee: number },
  lender: Lender,
  transactionId: string,
  profile: { fullName: string | null; mobile: string; personalEmail: string | null },
) {
  return {
    kfs: parts.kfs,
    product: lender.product,
    publicOrigin: lender.publicOrigin,
    transactionId,
    submissionId: parts.f02Id,
    quoteTtl: QUOTE_TTL,
    customer: { name: profile.fullName ?? "", mobile: profile.mobile, email: profile.personalEmail ?? "" },
    terms: parts.terms,
    finderFeePaise: parts.fee,
  };
}

/** What a part of the flow that reports an order needs: the database, clock, log, us, the outbox, the offers and the borrower. */
export interface OrderReportDeps {
  db: Db;
  now: () => Date;
  logger: Logger;
  lender: Lender;
  outbox: OndcOutbox;
  kfsPages: OndcKfsPages;
  profiles: Pick<ProfileService, "load">;
}
