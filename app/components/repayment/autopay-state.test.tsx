// Issue 24: the AutoPay card on Repayment and Loan Details. With no mandate it says AutoPay is not set up
// and links nowhere (there is nothing to manage); an active mandate shows its next debit and the way to
// manage or cancel it; a cancelled one shows its state and no link. In English and Hindi.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { translate, type Language } from "../../../core/i18n/index.ts";
import { LanguageContext } from "../../lib/i18n.tsx";
import { AutopayStateCard, type AutopayState } from "./autopay-state.tsx";

const render = (lang: Language, state: AutopayState) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LanguageContext.Provider value={lang}>
        <AutopayStateCard state={state} />
      </LanguageContext.Provider>
    </MemoryRouter>,
  );
const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => [m[1], m[2]]);

describe("the AutoPay card", () => {
  it.each(["en", "hi"] as const)("with no mandate (%s): not set up, Pay Now by the date, and no manage link", (lang) => {
    const html = render(lang, { status: null, nextDebitOn: null });
    expect(html).toContain(translate(lang, "autopay.cardOff"));
    expect(links(html)).toEqual([]);
    expect(html).not.toContain(translate(lang, "autopay.cardManage"));
  });

  it("with no mandate, in the words the customer reads", () => {
    expect(render("en", { status: null, nextDebitOn: null })).toContain("AutoPay is not set up. Pay by the repayment date with Pay Now.");
    expect(render("hi", { status: null, nextDebitOn: null })).toContain("AutoPay चालू नहीं है। चुकाने की तारीख तक Pay Now से पैसे भर दें।");
  });

  it("an active mandate: its state, the next debit in words, and the way to manage or cancel it", () => {
    const en = render("en", { status: "ACTIVE", nextDebitOn: "2026-12-01" });
    expect(en).toContain("State: Active");
    expect(en).toContain("Next debit: 1 December 2026");
    expect(links(en)).toEqual([["/my-dashboard/autopay", "Manage or cancel AutoPay"]]);
    const hi = render("hi", { status: "ACTIVE", nextDebitOn: "2026-12-01" });
    expect(hi).toContain("अगली कटौती: 1 दिसंबर 2026");
    expect(links(hi)).toEqual([["/my-dashboard/autopay", "AutoPay देखें या रद्द करें"]]);
  });

  it.each(["CANCELLED", "FAILED"] as const)("a %s mandate: its state, no debit planned, no manage link", (status) => {
    const html = render("en", { status, nextDebitOn: null });
    expect(html).toContain(`State: ${translate("en", `autopay.status.${status}`)}`);
    expect(html).toContain("No debit is planned.");
    expect(links(html)).toEqual([]);
  });
});

// Issue 30, item 7: a paid-out loan whose registration was never approved (skipped, or the provider's page
// closed) has no mandate to manage: the card says AutoPay is not set up and links nowhere.
describe("the AutoPay card on a paid-out loan with a registration never approved", () => {
  it.each(["en", "hi"] as const)("(%s): not set up, no manage or cancel link", (lang) => {
    const html = render(lang, { status: "PENDING", nextDebitOn: null });
    expect(html).toContain(translate(lang, "autopay.cardOff"));
    expect(links(html)).toEqual([]);
    expect(html).not.toContain(translate(lang, "autopay.cardManage"));
  });
});
