// The English catalogue repeats the home page's texts from app/content (spec section 2's copy); this
// keeps the two identical until app/content reads from the catalogue.
import { describe, expect, it } from "vitest";
import { cityLinks } from "../content/cities.ts";
import { homeFaq } from "../content/faq.ts";
import { homeHighlights, howItWorks } from "../content/pages.ts";
import { site } from "../content/site.ts";
import { translate, type MessageKey } from "../../core/i18n/index.ts";
import { siteChrome } from "./site-chrome.ts";
import { checkPin } from "./pin-check.ts";
import { ENGLISH_ENQUIRY_WORDS, messageHint } from "./enquiry-form.ts";
import { MESSAGES } from "../../core/validation/index.ts";

const en = (key: string, values?: Record<string, string | number>) => translate("en", key as MessageKey, values);

describe("the English catalogue and app/content", () => {
  it("has the home page's steps, highlights and questions word for word", () => {
    for (const s of howItWorks) {
      expect(en(`home.step${s.id}.title`)).toBe(s.title);
      expect(en(`home.step${s.id}.text`)).toBe(s.text);
    }
    for (const h of homeHighlights) {
      expect(en(`home.hl.${h.id}.title`, { count: cityLinks.length })).toBe(h.title);
      expect(en(`home.hl.${h.id}.text`, { count: cityLinks.length })).toBe(h.text);
    }
    for (const q of homeFaq) {
      expect(en(`home.faq${q.id}.q`)).toBe(q.question);
      expect(en(`home.faq${q.id}.a`)).toBe(q.answer);
    }
  });

  it("labels the header and footer links as the site configuration does", () => {
    const { nav, footer } = siteChrome();
    for (const item of [...nav, ...footer.infoLinks]) {
      expect(item.key, item.href).toBeDefined();
      expect(en(item.key!)).toBe(item.label);
    }
    expect(en("footer.supportHours")).toBe(site.support.hours);
    expect(footer.escalation.every((e) => e.titleKey && en(e.titleKey) === e.title)).toBe(true);
    for (const store of footer.appStores) expect(en(`footer.store.${store.store}`)).toBe(store.label);
    expect(footer.legal.rbiCategoryKey && en(footer.legal.rbiCategoryKey)).toBe(site.company.rbiCategory);
  });

  it("names every amount, purpose and city link in Hindi for a Hindi page (issue 23)", () => {
    const { footer } = siteChrome();
    for (const link of [...footer.amountLinks, ...footer.purposeLinks, ...footer.cityLinks]) expect(link.hi, link.href).toMatch(/^[^A-Za-z]+$/);
    expect(footer.amountLinks[0]).toMatchObject({ label: "₹10,000 loan", hi: "₹10,000 का लोन" });
    expect(footer.purposeLinks[0]).toMatchObject({ label: "Personal loan for travel", hi: "यात्रा के लिए पर्सनल लोन" });
    expect(footer.cityLinks[0]).toMatchObject({ label: "Delhi", hi: "दिल्ली" });
  });
});

describe("the service-area PIN check's English", () => {
  it("is core/validation's, as the page always said it", () => {
    expect(translate("en", "public.area.required")).toBe(MESSAGES.pinCodeRequired);
    expect(translate("en", "public.area.invalid")).toBe(MESSAGES.pinCodeInvalid);
    expect(translate("en", "public.area.notServed", { pin: "999999" })).toBe(
      "We do not serve this PIN code yet. PIN code 999999 is outside our service area for now.",
    );
    expect(checkPin("12", "hi")?.message).toBe("यह PIN कोड सही नहीं है।");
    expect(checkPin("999999", "hi")).toMatchObject({
      served: false,
      message: "इस PIN कोड पर हम अभी लोन नहीं देते। PIN कोड 999999 फ़िलहाल हमारे सेवा क्षेत्र से बाहर है।",
    });
  });
});

describe("the enquiry island's English words", () => {
  it("are the catalogue's", () => {
    const en = (key: MessageKey) => translate("en", key);
    expect(ENGLISH_ENQUIRY_WORDS).toEqual({
      alt: en("public.enquiry.alt"),
      loading: en("public.enquiry.loading"),
      newImage: en("public.enquiry.newImageShown"),
      failed: en("public.enquiry.failed"),
      required: en("public.enquiry.required"),
      idle: en("public.enquiry.send"),
      busy: en("public.enquiry.sending"),
      hint: translate("en", "public.enquiry.messageHint", { max: "{max}", typed: "{typed}" }),
      errors: {},
    });
    expect(messageHint(3)).toBe("At most 1,000 characters (3 typed).");
  });
});
