// Issue 32: our F01 page, "Personal Information", as the buyer app shows it (text/html): plain server-rendered
// HTML that works without JavaScript, one column at 360 px, every input with its label and its message tied
// to it (aria-describedby, aria-invalid). Two steps: the mobile and our one-time code (the customer is the
// holder of the mobile), then the spec's fields with those our own journey needs beyond them
// (docs/decisions/providers.md, issue 32, F01). Pure: values and messages in, the page out.
import type { IssuedCaptcha } from "../domain-errors.ts";
import { F01_END_USES } from "./form-f01.ts";
import { escapeHtml } from "../../../core/escape-html.ts";
import { HTML_LANG, messageText, translate, type CodedMessage, type Language, type MessageKey } from "../../../core/i18n/index.ts";

type Option = readonly [value: string, label: MessageKey];
export interface Field {
  name: string;
  label: MessageKey;
  type?: "text" | "date" | "email" | "tel" | "number" | "select" | "checkbox" | "file";
  options?: readonly Option[];
  required?: boolean;
  hint?: MessageKey;
  autocomplete?: string;
  inputmode?: string;
  /** A file field's types (a photo from the camera when absent). */
  accept?: string;
}

/** A message beside a field or over the form: a catalogue code, or a text already in the page's language. */
export type PageMessage = string | CodedMessage;

const END_USE_LABELS: Record<(typeof F01_END_USES)[number], MessageKey> = {
  consumerDurablePurchase: "ondc.f01.endUse.consumerDurablePurchase",
  education: "ondc.f01.endUse.education",
  travel: "ondc.f01.endUse.travel",
  health: "ondc.f01.endUse.health",
  other: "ondc.f01.endUse.other",
};

/** The spec's fields (their names exactly) and ours, in the order a person fills them; words by catalogue key. */
export const F01_PAGE_FIELDS: readonly { legend: MessageKey; fields: readonly Field[] }[] = [
  {
    legend: "ondc.f01.legend.about",
    fields: [
      { name: "pan", label: "ondc.f01.pan", required: true, autocomplete: "off", hint: "ondc.f01.panHint" },
      { name: "panName", label: "ondc.f01.panName", required: true, autocomplete: "name" },
      { name: "firstName", label: "ondc.f01.firstName", autocomplete: "given-name" },
      { name: "lastName", label: "ondc.f01.lastName", autocomplete: "family-name" },
      { name: "dob", label: "ondc.f01.dob", type: "date", required: true, autocomplete: "bday" },
      // Our customer record holds these two; the spec's third choice is an open point (decisions).
      {
        name: "gender",
        label: "ondc.f01.gender",
        type: "select",
        required: true,
        options: [
          ["male", "ondc.f01.male"],
          ["female", "ondc.f01.female"],
        ],
      },
      { name: "personalemail", label: "ondc.f01.personalemail", type: "email", required: true, autocomplete: "email" },
      {
        name: "maritalStatus",
        label: "ondc.f01.maritalStatus",
        type: "select",
        required: true,
        options: [
          ["1", "ondc.f01.single"],
          ["2", "ondc.f01.married"],
          ["3", "ondc.f01.divorced"],
        ],
      },
      { name: "spouseName", label: "ondc.f01.spouseName" },
      { name: "spouseNumber", label: "ondc.f01.spouseNumber", type: "tel", inputmode: "numeric" },
    ],
  },
  {
    legend: "ondc.f01.legend.work",
    fields: [
      {
        name: "employmentType",
        label: "ondc.f01.employmentType",
        type: "select",
        required: true,
        options: [
          ["salaried", "ondc.f01.salaried"],
          ["selfEmployed", "ondc.f01.selfEmployed"],
        ],
      },
      { name: "companyName", label: "ondc.f01.companyName", required: true, autocomplete: "organization" },
      { name: "officialemail", label: "ondc.f01.officialemail", type: "email" },
      { name: "income", label: "ondc.f01.income", type: "number", required: true, inputmode: "numeric" },
      { name: "salaryDate", label: "ondc.f01.salaryDate", type: "date", required: true, hint: "ondc.f01.salaryDateHint" },
      {
        name: "salaryMode",
        label: "ondc.f01.salaryMode",
        type: "select",
        required: true,
        options: [
          ["1", "ondc.f01.salaryBank"],
          ["2", "ondc.f01.salaryCheque"],
          ["3", "ondc.f01.salaryCash"],
        ],
      },
      { name: "udyamNumber", label: "ondc.f01.udyamNumber" },
      { name: "endUse", label: "ondc.f01.endUse", type: "select", required: true, options: F01_END_USES.map((u) => [u, END_USE_LABELS[u]] as const) },
    ],
  },
  {
    legend: "ondc.f01.legend.home",
    fields: [
      { name: "addressL1", label: "ondc.f01.addressL1", required: true, autocomplete: "address-line1" },
      { name: "addressL2", label: "ondc.f01.addressL2", required: true, autocomplete: "address-line2" },
      { name: "landmark", label: "ondc.f01.landmark" },
      { name: "city", label: "ondc.f01.city", autocomplete: "address-level2" },
      { name: "state", label: "ondc.f01.state", autocomplete: "address-level1" },
      { name: "pincode", label: "ondc.f01.pincode", required: true, inputmode: "numeric", autocomplete: "postal-code" },
      {
        name: "residenceType",
        label: "ondc.f01.residenceType",
        type: "select",
        required: true,
        options: [
          ["1", "ondc.f01.owned"],
          ["2", "ondc.f01.rented"],
        ],
      },
      { name: "aa_id", label: "ondc.f01.aaId" },
    ],
  },
  {
    legend: "ondc.f01.legend.photo",
    fields: [
      { name: "selfie", label: "ondc.f01.selfie", type: "file", required: true },
      { name: "bureauConsent", label: "ondc.f01.bureauConsent", type: "checkbox", required: true },
    ],
  },
];

export interface F01PageState {
  lang: Language;
  /** The form's own address (GET and POST). */
  action: string;
  step: "mobile" | "details";
  values: Record<string, string>;
  errors: Record<string, PageMessage>;
  /** A message about the whole form (a refusal that is no one field's). */
  notice?: PageMessage;
  /** The customer the code was sent for (step "details"). */
  otpRef?: string;
  captcha?: IssuedCaptcha;
}

export function fieldHtml(field: Field, state: Pick<F01PageState, "lang" | "values" | "errors">): string {
  const t = (key: MessageKey) => escapeHtml(translate(state.lang, key));
  const id = `f-${field.name}`;
  const value = state.values[field.name] ?? "";
  const error = state.errors[field.name];
  const described = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const aria = `${described ? ` aria-describedby="${described}"` : ""}${error ? ` aria-invalid="true"` : ""}${field.required ? " required" : ""}`;
  const hint = field.hint ? `<p class="hint" id="${id}-hint">${t(field.hint)}</p>` : "";
  const message = error ? `<p class="error" id="${id}-error">${escapeHtml(messageText(state.lang, error))}</p>` : "";
  if (field.type === "checkbox") {
    return `<div class="field check"><input type="checkbox" id="${id}" name="${field.name}" value="on"${value ? " checked" : ""}${aria}><label for="${id}">${t(field.label)}</label>${message}</div>`;
  }
  const label = `<label for="${id}">${t(field.label)}</label>`;
  if (field.type === "select") {
    const options = [
      `<option value="">${t("ondc.form.choose")}</option>`,
      ...field.options!.map(([v, l]) => `<option value="${escapeHtml(v)}"${v === value ? " selected" : ""}>${t(l)}</option>`),
    ];
    return `<div class="field">${label}${hint}<select id="${id}" name="${field.name}"${aria}>${options.join("")}</select>${message}</div>`;
  }
  const extra = `${field.autocomplete ? ` autocomplete="${field.autocomplete}"` : ""}${field.inputmode ? ` inputmode="${field.inputmode}"` : ""}`;
  if (field.type === "file") {
    return `<div class="field">${label}${hint}<input type="file" id="${id}" name="${field.name}" accept="${field.accept ?? "image/jpeg,image/png,image/webp"}"${field.accept ? "" : ` capture="user"`}${aria}>${message}</div>`;
  }
  const type = field.type === "number" ? "text" : (field.type ?? "text");
  return `<div class="field">${label}${hint}<input type="${type}" id="${id}" name="${field.name}" value="${escapeHtml(value)}"${extra}${aria}>${message}</div>`;
}

function summary(state: F01PageState): string {
  const count = Object.keys(state.errors).length;
  if (!count && !state.notice) return "";
  const lines = state.notice ? [`<p>${escapeHtml(messageText(state.lang, state.notice))}</p>`] : [];
  if (count) lines.push(`<p>${escapeHtml(translate(state.lang, "ondc.form.summary", { count }))}</p>`);
  return `<div class="alert" role="alert" tabindex="-1">${lines.join("")}</div>`;
}

function captchaHtml(lang: Language, captcha: IssuedCaptcha | undefined): string {
  if (!captcha) return "";
  const alt = escapeHtml(translate(lang, "ondc.f01.captchaAlt"));
  const label = escapeHtml(translate(lang, "ondc.f01.captcha"));
  return `<div class="field"><input type="hidden" name="captcha_id" value="${escapeHtml(captcha.captchaId)}"><img src="${captcha.imageDataUri}" width="${captcha.width}" height="${captcha.height}" alt="${alt}"><label for="f-captcha">${label}</label><input type="text" id="f-captcha" name="captcha" autocomplete="off" required></div>`;
}

export function f01Page(state: F01PageState): string {
  const { lang } = state;
  const t = (key: MessageKey) => escapeHtml(translate(lang, key));
  const mobileError = state.errors.contactNumber;
  const mobile = `<div class="field"><label for="f-contactNumber">${t("ondc.f01.mobile")}</label><p class="hint" id="f-contactNumber-hint">${t("ondc.f01.mobileHint")}</p><input type="tel" id="f-contactNumber" name="contactNumber" inputmode="numeric" autocomplete="tel-national" value="${escapeHtml(state.values.contactNumber ?? "")}" aria-describedby="f-contactNumber-hint${mobileError ? " f-contactNumber-error" : ""}"${mobileError ? ` aria-invalid="true"` : ""}${state.step === "details" ? " readonly" : ""} required>${mobileError ? `<p class="error" id="f-contactNumber-error">${escapeHtml(messageText(lang, mobileError))}</p>` : ""}</div>`;
  const body =
    state.step === "mobile"
      ? `<form method="post" action="${escapeHtml(state.action)}" novalidate><input type="hidden" name="step" value="send">${mobile}${captchaHtml(lang, state.captcha)}<button type="submit">${t("ondc.f01.sendCode")}</button></form>`
      : `<form method="post" action="${escapeHtml(state.action)}" enctype="multipart/form-data" novalidate><input type="hidden" name="step" value="submit"><input type="hidden" name="formId" value="F01"><input type="hidden" name="otpRef" value="${escapeHtml(state.otpRef ?? "")}">${mobile}${fieldHtml({ name: "otp", label: "ondc.f01.otp", type: "text", required: true, inputmode: "numeric", autocomplete: "one-time-code" }, state)}${F01_PAGE_FIELDS.map((group) => `<fieldset><legend>${t(group.legend)}</legend>${group.fields.map((f) => fieldHtml(f, state)).join("")}</fieldset>`).join("")}<button type="submit">${t("ondc.form.submit")}</button></form>`;
  return page(lang, translate(lang, "ondc.f01.title"), `${summary(state)}${body}`);
}

/** The answer after a good submission: the id the buyer app quotes in its select, readable by people and programs. */
export function f01DonePage(lang: Language, submissionId: string): string {
  return page(
    lang,
    translate(lang, "ondc.form.doneTitle"),
    `<p role="status">${escapeHtml(translate(lang, "ondc.form.doneText"))}</p><p>${escapeHtml(translate(lang, "ondc.form.reference"))} <output id="submission_id" name="submission_id">${escapeHtml(submissionId)}</output></p>`,
    `<meta name="ondc-submission-id" content="${escapeHtml(submissionId)}">`,
  );
}

/** A page that is only a message (no offer, opened without its transaction). */
export function messagePage(lang: Language, title: MessageKey, message: MessageKey): string {
  return page(lang, translate(lang, title), `<p role="alert">${escapeHtml(translate(lang, message))}</p>`);
}

export function page(lang: Language, title: string, body: string, head = ""): string {
  return `<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${head}<title>${escapeHtml(translate(lang, "ondc.form.pageTitle", { title }))}</title>
<style>*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f3f7f4;font-size:1rem;line-height:1.4}
main{max-width:32rem;margin:0 auto;padding:1rem;background:#fff}h1{font-size:1.4rem}fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:700;font-size:1.1rem;margin-bottom:.5rem}
.field{margin-bottom:.9rem}label{display:block;font-weight:600;margin-bottom:.25rem}input,select{width:100%;font-size:1rem;padding:.6rem;border:1px solid #555;border-radius:4px;min-height:44px}input[readonly]{background:#eef0f2}
.check{display:flex;gap:.5rem;flex-wrap:wrap;align-items:flex-start}.check input{width:auto;min-height:auto;margin-top:.3rem}.check label{flex:1;font-weight:400}
.hint{margin:0 0 .25rem;color:#444;font-size:.9rem}.error{margin:.25rem 0 0;color:#b3261e;font-weight:600}[aria-invalid=true]{border:2px solid #b3261e}
.alert{border:2px solid #b3261e;padding:.75rem;margin-bottom:1rem;border-radius:4px}button{width:100%;font-size:1rem;padding:.8rem;background:#166534;color:#fff;border:0;border-radius:4px;min-height:44px}
button+button{margin-top:.75rem}button.secondary{background:#fff;color:#166534;border:2px solid #166534}h2{font-size:1.15rem}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}</style></head>
<body><main><p><strong>SalaryOnTime</strong></p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
