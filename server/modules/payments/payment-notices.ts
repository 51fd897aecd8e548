// The customer's notices about money received for their loan, sent after the transaction that posted it
// commits: the payment received (issue 34: on WhatsApp for a customer who opted in, else SMS) and the
// closure. Both are courtesies: a failure is logged without the number and never undoes the posting.
import { eq } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { customerLanguage, noticeDate } from "../../../core/i18n/index.ts";
import { formatPaise } from "../../../core/money.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads, loanAccounts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import type { LoanLead } from "../loans/loans.service.ts";
import { payerProfile } from "./payer-profile.ts";
import { thankYouPath } from "./payments-common.ts";

type NoticeDeps = { db: Db; sms: SmsPort; logger: Logger; publicOrigin: string };

/** A posted payment: the gateway's order and payment id (the result page with its receipt), or none for a bank transfer. */
export type ReceivedPayment = { leadId: string; amountPaise: number; valueOn: IsoDate; order: { orderId: string; paymentId: string } | null };

/** "We have received your payment of ₹X for loan N on <the day it counts from>", with the receipt's page. */
export async function sendPaymentReceived(deps: NoticeDeps, paid: ReceivedPayment) {
  try {
    const [to] = await deps.db
      .select({ mobile: customerProfiles.mobile, lang: customerProfiles.preferredLanguage, loanNo: loanAccounts.loanNo })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .where(eq(leads.id, paid.leadId));
    if (!to) return;
    const lang = customerLanguage(to.lang);
    // A gateway payment's result page offers its receipt; a bank transfer has no order, so its place is the repayment page.
    const receiptPath = paid.order ? thankYouPath(paid.order.orderId, paid.order.paymentId) : "/my-dashboard/repayment";
    await deps.sms.sendNotice({
      mobile: to.mobile,
      notice: {
        kind: "payment_received",
        vars: {
          amount: formatPaise(paid.amountPaise, { decimals: 2 }),
          loan_no: to.loanNo ?? "",
          paid_on: noticeDate(paid.valueOn, lang),
          receipt_link: `${deps.publicOrigin}${receiptPath}`,
        },
      },
      lang,
    });
  } catch (error) {
    deps.logger.warn("payment received notice not sent", { error: error instanceof Error ? error.name : typeof error });
  }
}

/** The closure SMS, after the transaction that closed the loan commits. */
export async function sendClosureSms(deps: NoticeDeps, lead: LoanLead) {
  try {
    const p = await payerProfile(deps.db, lead.profileId);
    await deps.sms.sendNotice({
      mobile: p.mobile,
      notice: { kind: "loan_closed", vars: { loan_no: lead.loanNo ?? "" } },
      lang: customerLanguage(p.preferredLanguage),
    });
  } catch (error) {
    // The loan is closed either way; the message is a courtesy (logged without the number).
    deps.logger.error("loan closure sms failed", { error });
  }
}
