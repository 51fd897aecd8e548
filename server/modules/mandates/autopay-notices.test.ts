// Issue 30: the AutoPay pre-debit notice and the failed-debit notice in the customer's language. In
// Hindi the SMS and the e-mail name the date in Hindi ("8 दिसंबर 2026", never "8 December 2026"); the
// e-mail is tagged with its language and is a letter of its own: greeting, the loan number, the notice,
// the sign-off. The bank's English reason never reaches a Hindi reader.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../core/calendar.ts";
import { noticeDate } from "../../../core/i18n/index.ts";
import { englishWordsInHindi, hasLatinMonth } from "../../../core/i18n/latin-words.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { SANDBOX_MANDATE_NO_FUNDS_ACCOUNT } from "../../providers/mandates/sandbox.ts";
import { goTo, loanWithMandate, runAutopayJob } from "../../test-support/autopay.ts";
import { createTestApp } from "../../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** A loan with a mandate, its customer's language and e-mail address saved on the profile. */
async function customer(lang: "en" | "hi", account?: string) {
  const c = await loanWithMandate(t, account);
  const email = `autopay-${c.mobile}@example.com`;
  await t.services.db
    .update(customerProfiles)
    .set({ preferredLanguage: lang, personalEmail: email, fullName: "Asha Verma" })
    .where(eq(customerProfiles.mobile, c.mobile));
  return { ...c, email };
}
const smsTo = async (mobile: string) => (await t.services.outbox!.outbox(500)).filter((m) => m.to === mobile);
const mailTo = async (to: string) => (await t.services.emailOutbox!.outbox(500)).filter((m) => m.to === to);

describe("AutoPay notices in the customer's language", () => {
  it("Hindi: the pre-debit SMS and e-mail give the date in Hindi; the e-mail greets, names the loan and is tagged hi", async () => {
    const c = await customer("hi");
    goTo(t, c.repaymentDate);
    t.clock.advance(-DAY);
    await runAutopayJob(t);
    const hindiDate = noticeDate(c.repaymentDate, "hi");
    expect(hindiDate).toMatch(/^\d{1,2} [\u0900-\u097F]+ \d{4}$/);

    const [sms] = await smsTo(c.mobile);
    expect(sms.lang).toBe("hi");
    expect(sms.text).toContain(`${hindiDate} को`);
    expect(hasLatinMonth(sms.text)).toBe(false);
    expect(englishWordsInHindi(sms.text)).toEqual([]);

    const [mail] = await mailTo(c.email);
    expect(mail.lang).toBe("hi");
    expect(mail.text.startsWith("प्रिय Asha Verma,\n")).toBe(true);
    expect(mail.text).toContain(`लोन ${c.loanNo} के लिए`);
    expect(mail.text).toContain(hindiDate);
    expect(mail.subject).toContain(c.loanNo);
    expect(mail.text).not.toBe(sms.text);
    for (const text of [mail.subject, mail.text.replace("Asha Verma", "")]) {
      expect(hasLatinMonth(text)).toBe(false);
      expect(englishWordsInHindi(text)).toEqual([]);
    }
  });

  it("English: the same notice with the date as '8 Dec 2026', and an e-mail of its own tagged en", async () => {
    const c = await customer("en");
    goTo(t, c.repaymentDate);
    t.clock.advance(-DAY);
    await runAutopayJob(t);
    const date = noticeDate(c.repaymentDate, "en");
    expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const [sms] = await smsTo(c.mobile);
    expect(sms.text).toContain(`from your bank account ending 9012 on ${date} for your loan.`);
    const [mail] = await mailTo(c.email);
    expect(mail.lang).toBe("en");
    expect(mail.text.startsWith("Dear Asha Verma,\n")).toBe(true);
    expect(mail.text).toContain(`for your loan ${c.loanNo}.`);
  });

  it("Hindi: a failed debit's SMS and e-mail give the reason in Hindi, and the e-mail the retry day in Hindi", async () => {
    const c = await customer("hi", SANDBOX_MANDATE_NO_FUNDS_ACCOUNT);
    goTo(t, c.repaymentDate);
    t.clock.advance(-DAY);
    await runAutopayJob(t);
    t.clock.advance(DAY);
    await runAutopayJob(t);
    const failedSms = (await smsTo(c.mobile)).find((m) => m.text.includes("नहीं कट पाई"))!;
    expect(failedSms.text).toContain("(खाते में पूरे पैसे नहीं थे)");
    expect(englishWordsInHindi(failedSms.text)).toEqual([]);
    const failedMail = (await mailTo(c.email)).find((m) => m.subject.includes("नहीं कट पाई"))!;
    expect(failedMail.lang).toBe("hi");
    expect(failedMail.text).toContain(noticeDate(addDays(c.repaymentDate, 1), "hi"));
    expect(englishWordsInHindi(failedMail.text.replace("Asha Verma", ""))).toEqual([]);
  });
});
