// Pay Now (decision 29): a customer without a session proves the loan's PAN with a one-time code sent
// to the registered mobile (the sign-in code's rules, auth.otpKit), and gets a 15-minute repay session
// scoped to the loan due. Also who may pay for a lead: its signed-in owner or that session.
import { customerLanguage, REPAY_CODES, type Language } from "../../../core/i18n/index.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerProfiles, repaySessions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import { keyedHash, randomToken, sha256Hex } from "../../security/crypto.ts";
import type { AuthService, CaptchaAnswer } from "../auth/auth.service.ts";
import { InvalidSession, ProviderDown, RateLimited, Refused } from "../domain-errors.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { isLoan, type LoanLead, type LoansService } from "../loans/loans.service.ts";
import { payerProfile } from "./payer-profile.ts";
import { REPAY_SESSION_SECONDS, type RepayCaller } from "./payments-common.ts";
import { repaymentLinesData } from "./repayment-lines-data.ts";
import type { PaymentPostingService } from "./payment-posting.service.ts";
import { paiseToRupees as rupees } from "../../../core/loan-math/index.ts";

const maskMobile = (m: string) => `${"X".repeat(Math.max(0, m.length - 4))}${m.slice(-4)}`;

export function createPayNowService(deps: {
  db: Db;
  hashKey: string;
  posting: Pick<PaymentPostingService, "duesToday">;
  loans: LoansService;
  leads: LeadsService;
  auth: AuthService;
  sms: SmsPort;
  now: () => Date;
  logger: Logger;
}) {
  const { db, loans, leads, auth, sms, now, logger } = deps;
  const otp = auth.otpKit;
  const panHash = (pan: string) => keyedHash(deps.hashKey, "pan", pan);
  const duesToday = (lead: LoanLead) => deps.posting.duesToday(lead);
  const profileOf = (profileId: string) => payerProfile(db, profileId);

  /** repayment_data of REPAY-API 2 and 8: amounts in rupees, the mobile masked. */
  async function repaymentData(lead: LoanLead) {
    const d = await duesToday(lead);
    const terms = await loans.terms(db, lead.id);
    const p = await profileOf(lead.profileId);
    return {
      loan_no: lead.loanNo ?? "",
      disbursal_date: lead.disbursalDate ?? "",
      repayment_date: lead.repaymentDate ?? "",
      repayment_amount: rupees(lead.repaymentAmountPaise ?? 0),
      loan_recommended: lead.loanRecommended ?? 0,
      real_interest: rupees(d.interestOutstanding),
      // One "total due today" (issue 29): the figure the checkout charges, as close_today_amount.
      total_due_amount: rupees(d.closeToday),
      penal_charges: rupees(d.penalOutstanding),
      close_today_amount: rupees(d.closeToday),
      cooling_off: (d.coolingOff ? 1 : 0) as 0 | 1,
      /** Last day of the cooling-off period, counted from the payout (decision 35). */
      cooling_off_until: terms.coolingOffEndsOn ?? "",
      overdue_days: d.overdueDays,
      full_name: p.fullName ?? "",
      email: p.email ?? "",
      mobile: maskMobile(p.mobile),
      lead_id: lead.id,
      repayment_lines: repaymentLinesData(d),
    };
  }

  /** The lead a caller may pay for: the signed-in owner's, or the one the Pay Now cookie names (else Status 4). */
  async function authorizeLead(caller: RepayCaller, leadId: string): Promise<LoanLead> {
    if (!isUuid(leadId)) throw new InvalidSession();
    const id = leadId.toLowerCase();
    if (caller.profileId) {
      const owned = await leads.requireOwned(caller.profileId, id).catch(() => null);
      if (owned) return owned;
    }
    if (caller.repayToken && caller.repayToken.length <= 100) {
      const [session] = await db
        .select()
        .from(repaySessions)
        .where(eq(repaySessions.tokenHash, sha256Hex(caller.repayToken)));
      if (session && session.leadId === id && session.expiresAt > now()) {
        const lead = await loans.byId(id);
        if (lead) return lead;
      }
    }
    throw new InvalidSession();
  }

  return {
    authorizeLead,

    /** Decision 29 + 15: the same answer and the same path whether or not the PAN has a loan. */
    /** `lang`: the language the page asked in (issue 23); else the profile's saved choice. */
    async sendOtp(input: { pancard: string; ip: string; captcha?: CaptchaAnswer; lang?: Language | null }) {
      const hash = panHash(input.pancard);
      const [profile] = await db
        .select({ id: customerProfiles.id, mobile: customerProfiles.mobile, preferredLanguage: customerProfiles.preferredLanguage })
        .from(customerProfiles)
        .where(eq(customerProfiles.pancardHash, hash));
      const subject = profile?.mobile ?? `pan:${hash}`;
      await otp.checkSendLimits(subject, input.ip, input.captcha);
      const at = now();
      const seconds = await otp.codes.resendWait("repayment", hash, at);
      if (seconds > 0) throw new RateLimited(otp.messages.tooSoon(seconds), seconds);
      await otp.recordSend(subject, input.ip);
      // An unknown PAN still gets a challenge (its code is never sent, so it can never be verified).
      const { id, code } = await otp.codes.issue("repayment", { subject: hash, profileId: profile?.id ?? null, at });
      if (profile) {
        try {
          await sms.sendOtp({ mobile: profile.mobile, code, purpose: "repayment", lang: input.lang ?? customerLanguage(profile.preferredLanguage) });
        } catch (error) {
          logger.error("sms send failed", { error });
          throw new ProviderDown(otp.messages.smsFailed);
        }
      }
      return { otpRef: id };
    },

    /** Checks the code (decision 15 limits), then opens a 15-minute Pay Now session scoped to the loan due. */
    async verifyOtp(input: { pancard: string; otp: string; otpRef: string }) {
      const at = now();
      const hash = panHash(input.pancard);
      // A reference that is not one of our ids names no challenge.
      const checked = isUuid(input.otpRef) ? await otp.codes.check("repayment", { subject: hash, id: input.otpRef.toLowerCase(), code: input.otp, at }) : null;
      if (checked && !checked.ok && checked.reason === "wrong") throw new Refused(otp.messages.wrong(checked.attemptsLeft));
      if (checked && !checked.ok && checked.reason === "burned") throw new Refused(otp.messages.burned);
      if (!checked?.ok) throw new Refused(otp.messages.expired);
      const challenge = checked;
      const lead = challenge.profileId ? await loans.activeLoanOf(challenge.profileId) : null;
      if (!lead) throw new Refused(REPAY_CODES.noLoanDue);
      const token = randomToken();
      await db
        .insert(repaySessions)
        .values({ tokenHash: sha256Hex(token), leadId: lead.id, createdAt: at, expiresAt: new Date(at.getTime() + REPAY_SESSION_SECONDS * 1000) });
      return { token, repayment: await repaymentData(lead) };
    },

    /** REPAY-API 8: the signed-in customer's loan due (or the named lead of theirs), or null. */
    async repaymentDetails(profileId: string, leadId?: string) {
      const lead = leadId ? await leads.requireOwned(profileId, leadId) : await loans.activeLoanOf(profileId);
      const due = lead && lead.status === "DISBURSED" && isLoan(lead) ? lead : null;
      return { repayment: due ? await repaymentData(due) : null };
    },
  };
}

export type PayNowService = ReturnType<typeof createPayNowService>;
