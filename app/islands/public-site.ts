// The public-site island: the few interactive parts of the marketing pages that do not hydrate
// (root.tsx, `handle` STATIC_PAGE), as plain DOM code on the server-rendered markup. It imports
// no React; root.tsx loads it as one small script (`?worker&url`: a bundled, minified, hashed file).
// Hydrated pages (apply-now, repay-loan, …) render the same markup with React doing this work.
import { quoteSingle } from "../../core/loan-math/index.ts";
import { formatINR, formatPaise } from "../../core/format.ts";
import { aprText, breakdownLabel, breakdownParts, daysText, ENGLISH_CALCULATOR_WORDS, type CalculatorWords } from "../lib/loan-breakdown.ts";
import { SMALL_SCREEN } from "../lib/media.ts";
import { loadTrackingTag, readConsentChoice, writeConsentChoice } from "../lib/consent-choice.ts";

/** Slide-out menu below 768 px: the close button, Escape and the backdrop close it (site-header.tsx). */
function menu() {
  const toggle = document.querySelector<HTMLButtonElement>(".menu-toggle");
  const panel = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  const backdrop = document.querySelector<HTMLElement>(".menu-backdrop");
  const closeButton = panel?.querySelector<HTMLButtonElement>(".menu-close");
  if (!toggle || !panel || !backdrop || !closeButton) return;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") setOpen(false, true);
  };
  function setOpen(open: boolean, focusToggle = false) {
    panel!.hidden = !open;
    panel!.classList.toggle("is-open", open);
    backdrop!.classList.toggle("is-open", open);
    toggle!.setAttribute("aria-expanded", String(open));
    if (open) {
      closeButton!.focus();
      document.addEventListener("keydown", onKey);
    } else {
      document.removeEventListener("keydown", onKey);
      if (focusToggle) toggle!.focus();
    }
  }
  toggle.addEventListener("click", () => setOpen(true));
  closeButton.addEventListener("click", () => setOpen(false, true));
  backdrop.addEventListener("click", () => setOpen(false));
}

/** Footer link groups: rendered open; closed on a phone, opened again when the screen widens (site-footer.tsx). */
function footerGroups() {
  const groups = [...document.querySelectorAll<HTMLDetailsElement>("details.footer-group")];
  const small = window.matchMedia(SMALL_SCREEN);
  if (small.matches) for (const g of groups) g.open = false;
  small.addEventListener("change", () => {
    if (!small.matches) for (const g of groups) g.open = true;
  });
}

/** FAQ lists: at most one answer open; clicking the open question closes it (faq-accordion.tsx). */
function faqs() {
  for (const faq of document.querySelectorAll<HTMLElement>(".faq")) {
    const questions = [...faq.querySelectorAll<HTMLButtonElement>(".faq-q")];
    const answerOf = (q: HTMLButtonElement) => document.getElementById(q.getAttribute("aria-controls") ?? "");
    for (const q of questions) {
      q.addEventListener("click", () => {
        const opening = q.getAttribute("aria-expanded") !== "true";
        for (const other of questions) {
          const open = opening && other === q;
          other.setAttribute("aria-expanded", String(open));
          const answer = answerOf(other);
          if (answer) answer.hidden = !open;
        }
      });
    }
  }
}

function readWords(json: string | undefined): CalculatorWords {
  try {
    return { ...ENGLISH_CALCULATOR_WORDS, ...(JSON.parse(json ?? "{}") as Partial<CalculatorWords>) };
  } catch {
    return ENGLISH_CALCULATOR_WORDS;
  }
}

/** The home calculator: every figure from core/ loan math, in the words of loan-calculator.tsx. */
function calculators() {
  for (const root of document.querySelectorAll<HTMLElement>("[data-loan-calculator]")) {
    const el = (name: string) => root.querySelector<HTMLElement>(`[data-calc="${name}"]`);
    const amountInput = el("amount-input") as HTMLInputElement | null;
    const daysInput = el("days-input") as HTMLInputElement | null;
    if (!amountInput || !daysInput) continue;
    const bar = root.querySelector<HTMLElement>(".calc-bar");
    // The words in the page's language, written by the server (loan-calculator.tsx): no catalogue here.
    const words = readWords(root.dataset.calcWords);
    const update = () => {
      const amount = Number(amountInput.value);
      const days = Number(daysInput.value);
      const quote = quoteSingle({ principal: amount, tenureDays: days });
      const set = (name: string, text: string) => {
        const node = el(name);
        if (node) node.textContent = text;
      };
      set("amount", formatINR(amount));
      amountInput.setAttribute("aria-valuetext", formatINR(amount));
      set("days", daysText(days, words));
      daysInput.setAttribute("aria-valuetext", daysText(days, words));
      set("net", formatPaise(quote.netDisbursalPaise));
      set("repay", formatPaise(quote.totalRepayablePaise));
      set("apr", aprText(quote));
      bar?.setAttribute("aria-label", breakdownLabel(quote, words));
      for (const part of breakdownParts(quote, words)) {
        const segment = root.querySelector<HTMLElement>(`.calc-bar [data-part="${part.key}"]`);
        if (segment) segment.style.width = `${part.width}%`;
        const value = root.querySelector<HTMLElement>(`.legend [data-part="${part.key}"]`);
        if (value) value.textContent = formatPaise(part.value);
      }
    };
    amountInput.addEventListener("input", update);
    daysInput.addEventListener("input", update);
    root.querySelector("form")?.addEventListener("submit", (e) => e.preventDefault());
    // A back/forward restore can bring back slider positions the HTML does not show.
    update();
  }
}

/** The tracking choice (consent-banner.tsx): shown while none is stored; the tag loads only after "Allow". */
function consentBanner() {
  const banner = document.querySelector<HTMLElement>(".consent-banner");
  const choice = readConsentChoice(document.cookie);
  if (choice === "tracking") loadTrackingTag();
  if (!banner || choice) return;
  banner.hidden = false;
  for (const button of banner.querySelectorAll<HTMLButtonElement>("button[data-consent]")) {
    button.addEventListener("click", () => {
      const picked = button.dataset.consent === "tracking" ? "tracking" : "none";
      writeConsentChoice(picked);
      if (picked === "tracking") loadTrackingTag();
      banner.hidden = true;
    });
  }
}

menu();
consentBanner();
footerGroups();
faqs();
calculators();
// Browser tests wait for this, as for data-hydrated on hydrated pages.
document.documentElement.dataset.islandReady = "";
