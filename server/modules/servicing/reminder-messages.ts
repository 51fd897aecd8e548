// The words of one loan reminder (issue 13, decision 31): the SMS notice (its DLT template and values) and the
// e-mail, in the customer's language; servicing.service.ts decides when each goes and sends it.
import { noticeDate, type Language, type MessageValues } from "../../../core/i18n/index.ts";
import { AUTOPAY_METHOD_NAMES, type MandateMethodName } from "../../../core/mandates.ts";
import { formatPaise } from "../../../core/money.ts";
import type { ReminderKind } from "../../../core/servicing/reminders.ts";
import { customerEmail, type CustomerEmailKind } from "../../providers/email/customer-email.ts";
import { isEmailAddress } from "../../providers/email/port.ts";
import type { Notice } from "../../providers/sms/port.ts";
import type { PaymentsService } from "../payments/payments.service.ts";

/** The customer and loan a reminder speaks of. */
export type ReminderRecipient = {
  loanNo: string | null;
  repaymentDate: string | null;
  email: string | null;
  fullName: string | null;
  lang: Language;
};
type ReminderDues = NonNullable<Awaited<ReturnType<PaymentsService["duesOn"]>>>;

const money = (paise: number) => formatPaise(paise);

/** The messages of one reminder: the SMS notice (DLT template) and the e-mail. */
export function reminderMessages(
  /** The public site's origin, without a trailing slash: the pay link's. */
  origin: string,
  loan: ReminderRecipient,
  kind: ReminderKind,
  d: ReminderDues,
  /** The method of an AutoPay mandate that debits the loan today, if any. */
  autopayMethod: MandateMethodName | null = null,
) {
  const { lang } = loan;
  const loanNo = loan.loanNo ?? "";
  const repaymentDate = noticeDate(loan.repaymentDate!, lang);
  const payLink = `${origin}/repayloan`;
  const mail = (kind: CustomerEmailKind, values: MessageValues) =>
    isEmailAddress(loan.email) ? customerEmail({ to: loan.email, lang, name: loan.fullName, kind, values }) : null;
  if (kind === "due_in_3" || kind === "due_in_1") {
    const total = money(d.dueOnRepaymentDate);
    const vars = { loan_no: loanNo, total_due: total, repayment_date: repaymentDate };
    const when = kind === "due_in_1" ? "tomorrow" : "in_3_days";
    return {
      notice: { kind: "reminder_upcoming", vars } satisfies Notice,
      email: mail("reminder_upcoming", { ...vars, when, close_today: money(d.closeToday), pay_link: payLink }),
    };
  }
  if (kind === "due_today" && autopayMethod) {
    // Issue 29: the debit is made today; paying as well would pay twice.
    const vars = { loan_no: loanNo, total_due: money(d.totalDue), method: AUTOPAY_METHOD_NAMES[autopayMethod] };
    return {
      notice: { kind: "reminder_due_today_autopay", vars } satisfies Notice,
      email: mail("reminder_due_today_autopay", { ...vars, repayment_date: repaymentDate }),
    };
  }
  if (kind === "due_today") {
    const vars = { loan_no: loanNo, total_due: money(d.closeToday) };
    return {
      notice: { kind: "reminder_due_today", vars } satisfies Notice,
      email: mail("reminder_due_today", { ...vars, repayment_date: repaymentDate, pay_link: payLink }),
    };
  }
  const vars = { loan_no: loanNo, total_due: money(d.closeToday), penal: money(d.penalToDate), days: String(d.overdueDays), pay_link: payLink };
  return {
    notice: { kind: "reminder_overdue", vars } satisfies Notice,
    email: mail("reminder_overdue", { ...vars, repayment_date: repaymentDate }),
  };
}
