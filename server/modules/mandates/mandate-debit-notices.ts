// The notices of a mandate's debits (decision 39; issue 30): the pre-debit notice with its NOTIFIED
// debit, and the words the customer gets by SMS and e-mail. mandate-debits.service.ts assembles it.
import { formatPaise } from "../../../core/money.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { mandateDebits } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { isEmailAddress, type EmailPort } from "../../providers/email/port.ts";
import type { Notice, SmsNoticePort } from "../../providers/sms/port.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { customerLanguage, noticeDate, type Language, type MessageValues } from "../../../core/i18n/index.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { Mandate } from "./mandates.service.ts";

const rupees = (paise: number) => formatPaise(paise, { decimals: 2 });

export function createDebitNotices(deps: {
  db: Db;
  payments: PaymentsService;
  loans: LoansService;
  profiles: ProfileService;
  sms: SmsNoticePort;
  email: EmailPort;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, payments, loans, profiles, sms, email, now, logger } = deps;
  const payLink = `${deps.publicOrigin}/repayloan`;

  /**
   * SMS (a DLT template) and, where we have an address, e-mail; a failed message never undoes the debit's
   * state. Issue 30: both in the customer's language with its dates (noticeDate); the e-mail is a letter of
   * its own (greeting, loan number, sign-off), tagged with its language.
   */
  async function tell(mandate: Mandate, message: (lang: Language, loanNo: string) => { notice: Notice; email: MessageValues }) {
    const p = await profiles.load(mandate.profileId);
    // Issue 23: in the customer's language, each language its own DLT template.
    const lang = customerLanguage(p.preferredLanguage);
    const loanNo = (await loans.byId(mandate.leadId))?.loanNo ?? "";
    const { notice, email: values } = message(lang, loanNo);
    await sms
      .sendNotice({ mobile: p.mobile, notice, lang })
      .catch((error: unknown) => logger.warn("autopay sms not sent", { kind: notice.kind, error: error instanceof Error ? error.name : "error" }));
    if (isEmailAddress(p.personalEmail))
      await email
        .send(customerEmail({ to: p.personalEmail, lang, name: p.fullName, kind: notice.kind as "autopay_notice" | "autopay_failed", values }))
        .catch((error: unknown) => logger.warn("autopay e-mail not sent", { error: error instanceof Error ? error.name : "error" }));
  }

  /** What the loan will owe on `on` as paid so far (paise); 0 when it is not open. */
  async function dueOn(leadId: string, on: IsoDate): Promise<number> {
    const lead = await loans.byId(leadId);
    if (!lead || lead.status !== "DISBURSED") return 0;
    const d = await payments.duesOn(lead, on);
    return d?.closeToday ?? 0;
  }

  /** A NOTIFIED debit and its notice, once per mandate and attempt (the unique key decides). */
  async function notify(mandate: Mandate, attempt: 1 | 2, debitOn: IsoDate) {
    const amount = await dueOn(mandate.leadId, debitOn);
    if (amount <= 0) return false;
    const [row] = await db
      .insert(mandateDebits)
      .values({
        mandateId: mandate.id,
        leadId: mandate.leadId,
        attempt,
        debitOn,
        status: "NOTIFIED",
        noticeAmountPaise: Math.min(amount, mandate.maxAmountPaise),
        notifiedAt: now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return false;
    await tell(mandate, (lang, loanNo) => {
      const vars = { amount: rupees(row.noticeAmountPaise), date: noticeDate(debitOn, lang), last4: mandate.accountLast4 ?? "", pay_link: payLink };
      return { notice: { kind: "autopay_notice", vars }, email: { ...vars, loan_no: loanNo } };
    });
    return true;
  }

  return { payLink, tell, dueOn, notify };
}

export type DebitNotices = ReturnType<typeof createDebitNotices>;
