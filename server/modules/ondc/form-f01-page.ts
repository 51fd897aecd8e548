// Issue 32: our F01 page, "Personal Information", as the buyer app shows it (text/html): plain server-rendered
// HTML that works without JavaScript, one column at 360 px, every input with its label and its message tied
// to it (aria-describedby, aria-invalid). Two steps: the mobile and our one-time code (the customer is the
// holder of the mobile), then the spec's fields with those our own journey needs beyond them
// (docs/decisions/providers.md, issue 32, F01). Pure: values and messages in, the page out.
import type { IssuedCaptcha } from "../domain-errors.ts";
import { F01_END_USES } from "./form-f01.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

type Option = readonly [value: string, label: string];
interface Field {
  name: string;
  label: string;
  type?: "text" | "date" | "email" | "tel" | "number" | "select" | "checkbox" | "file";
  options?: readonly Option[];
  required?: boolean;
  hint?: string;
  autocomplete?: string;
  inputmode?: string;
}

const END_USE_LABELS: Record<(typeof F01_END_USES)[number], string> = {
  consumerDurablePurchase: "Purchase of consumer durables",
  education: "Education",
  travel: "Travel",
  health: "Health",
  other: "Other consumption",
};

/** The spec's fields (their names exactly) and ours, in the order a person fills them. */
export const F01_PAGE_FIELDS: readonly { legend: string; fields: readonly Field[] }[] = [
  {
    legend: "About you",
    fields: [
      { name: "pan", label: "PAN", required: true, autocomplete: "off", hint: "10 characters, as on your PAN card" },
      { name: "panName", label: "Name as per PAN", required: true, autocomplete: "name" },
      { name: "firstName", label: "First name (optional)", autocomplete: "given-name" },
      { name: "lastName", label: "Last name (optional)", autocomplete: "family-name" },
      { name: "dob", label: "Date of birth", type: "date", required: true, autocomplete: "bday" },
      // Our customer record holds these two; the spec's third choice is an open point (decisions).
      {
        name: "gender",
        label: "Gender",
        type: "select",
        required: true,
        options: [
          ["male", "Male"],
          ["female", "Female"],
        ],
      },
      { name: "personalemail", label: "Personal e-mail", type: "email", required: true, autocomplete: "email" },
      {
        name: "maritalStatus",
        label: "Marital status",
        type: "select",
        required: true,
        options: [
          ["1", "Single"],
          ["2", "Married"],
          ["3", "Divorced"],
        ],
      },
      { name: "spouseName", label: "Spouse's name (if married)" },
      { name: "spouseNumber", label: "Spouse's mobile (if married)", type: "tel", inputmode: "numeric" },
    ],
  },
  {
    legend: "Your work and income",
    fields: [
      {
        name: "employmentType",
        label: "Employment type",
        type: "select",
        required: true,
        options: [
          ["salaried", "Salaried"],
          ["selfEmployed", "Self-employed"],
        ],
      },
      { name: "companyName", label: "Company name", required: true, autocomplete: "organization" },
      { name: "officialemail", label: "Official e-mail (optional)", type: "email" },
      { name: "income", label: "Monthly income after deductions (₹)", type: "number", required: true, inputmode: "numeric" },
      { name: "salaryDate", label: "Last salary date", type: "date", required: true, hint: "Your repayment date is set from your salary day." },
      {
        name: "salaryMode",
        label: "How your salary is paid",
        type: "select",
        required: true,
        options: [
          ["1", "Into a bank account"],
          ["2", "Cheque"],
          ["3", "Cash"],
        ],
      },
      { name: "udyamNumber", label: "Udyam number (optional)" },
      { name: "endUse", label: "What the loan is for", type: "select", required: true, options: F01_END_USES.map((u) => [u, END_USE_LABELS[u]] as const) },
    ],
  },
  {
    legend: "Where you live",
    fields: [
      { name: "addressL1", label: "Address line 1", required: true, autocomplete: "address-line1" },
      { name: "addressL2", label: "Address line 2", required: true, autocomplete: "address-line2" },
      { name: "landmark", label: "Landmark (optional)" },
      { name: "city", label: "City (optional)", autocomplete: "address-level2" },
      { name: "state", label: "State (optional)", autocomplete: "address-level1" },
      { name: "pincode", label: "PIN code", required: true, inputmode: "numeric", autocomplete: "postal-code" },
      {
        name: "residenceType",
        label: "Residence",
        type: "select",
        required: true,
        options: [
          ["1", "Owned"],
          ["2", "Rented"],
        ],
      },
      { name: "aa_id", label: "Account aggregator id (optional)" },
    ],
  },
  {
    legend: "Your photo and consent",
    fields: [
      { name: "selfie", label: "A photo of your face (JPEG or PNG)", type: "file", required: true },
      { name: "bureauConsent", label: "I agree that SalaryOnTime may obtain my credit report from a credit bureau.", type: "checkbox", required: true },
    ],
  },
];

export interface F01PageState {
  /** The form's own address (GET and POST). */
  action: string;
  step: "mobile" | "details";
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A message about the whole form (a refusal that is no one field's). */
  notice?: string;
  /** The customer the code was sent for (step "details"). */
  otpRef?: string;
  captcha?: IssuedCaptcha;
}

function fieldHtml(field: Field, state: F01PageState): string {
  const id = `f-${field.name}`;
  const value = state.values[field.name] ?? "";
  const error = state.errors[field.name];
  const described = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const aria = `${described ? ` aria-describedby="${described}"` : ""}${error ? ` aria-invalid="true"` : ""}${field.required ? " required" : ""}`;
  const hint = field.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(field.hint)}</p>` : "";
  const message = error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : "";
  if (field.type === "checkbox") {
    return `<div class="field check"><input type="checkbox" id="${id}" name="${field.name}" value="on"${value ? " checked" : ""}${aria}><label for="${id}">${escapeHtml(field.label)}</label>${message}</div>`;
  }
  const label = `<label for="${id}">${escapeHtml(field.label)}</label>`;
  if (field.type === "select") {
    const options = [
      `<option value="">Choose…</option>`,
      ...field.options!.map(([v, l]) => `<option value="${escapeHtml(v)}"${v === value ? " selected" : ""}>${escapeHtml(l)}</option>`),
    ];
    return `<div class="field">${label}${hint}<select id="${id}" name="${field.name}"${aria}>${options.join("")}</select>${message}</div>`;
  }
  const extra = `${field.autocomplete ? ` autocomplete="${field.autocomplete}"` : ""}${field.inputmode ? ` inputmode="${field.inputmode}"` : ""}`;
  if (field.type === "file") {
    return `<div class="field">${label}${hint}<input type="file" id="${id}" name="${field.name}" accept="image/jpeg,image/png,image/webp" capture="user"${aria}>${message}</div>`;
  }
  const type = field.type === "number" ? "text" : (field.type ?? "text");
  return `<div class="field">${label}${hint}<input type="${type}" id="${id}" name="${field.name}" value="${escapeHtml(value)}"${extra}${aria}>${message}</div>`;
}

function summary(state: F01PageState): string {
  const count = Object.keys(state.errors).length;
  if (!count && !state.notice) return "";
  const lines = state.notice ? [`<p>${escapeHtml(state.notice)}</p>`] : [];
  if (count) lines.push(`<p>${count === 1 ? "One field needs" : `${count} fields need`} your attention; each is marked below.</p>`);
  return `<div class="alert" role="alert" tabindex="-1">${lines.join("")}</div>`;
}

function captchaHtml(captcha: IssuedCaptcha | undefined): string {
  if (!captcha) return "";
  return `<div class="field"><input type="hidden" name="captcha_id" value="${escapeHtml(captcha.captchaId)}"><img src="${captcha.imageDataUri}" width="${captcha.width}" height="${captcha.height}" alt="The characters to type"><label for="f-captcha">Type the characters in the picture</label><input type="text" id="f-captcha" name="captcha" autocomplete="off" required></div>`;
}

export function f01Page(state: F01PageState): string {
  const mobile = `<div class="field"><label for="f-contactNumber">Mobile number</label><p class="hint" id="f-contactNumber-hint">We send a one-time code to this number: the loan is in the name of its holder.</p><input type="tel" id="f-contactNumber" name="contactNumber" inputmode="numeric" autocomplete="tel-national" value="${escapeHtml(state.values.contactNumber ?? "")}" aria-describedby="f-contactNumber-hint${state.errors.contactNumber ? " f-contactNumber-error" : ""}"${state.errors.contactNumber ? ` aria-invalid="true"` : ""}${state.step === "details" ? " readonly" : ""} required>${state.errors.contactNumber ? `<p class="error" id="f-contactNumber-error">${escapeHtml(state.errors.contactNumber)}</p>` : ""}</div>`;
  const body =
    state.step === "mobile"
      ? `<form method="post" action="${escapeHtml(state.action)}" novalidate><input type="hidden" name="step" value="send">${mobile}${captchaHtml(state.captcha)}<button type="submit">Send the code</button></form>`
      : `<form method="post" action="${escapeHtml(state.action)}" enctype="multipart/form-data" novalidate><input type="hidden" name="step" value="submit"><input type="hidden" name="formId" value="F01"><input type="hidden" name="otpRef" value="${escapeHtml(state.otpRef ?? "")}">${mobile}${fieldHtml({ name: "otp", label: "The code we sent by SMS", type: "text", required: true, inputmode: "numeric", autocomplete: "one-time-code" }, state)}${F01_PAGE_FIELDS.map((group) => `<fieldset><legend>${escapeHtml(group.legend)}</legend>${group.fields.map((f) => fieldHtml(f, state)).join("")}</fieldset>`).join("")}<button type="submit">Submit</button></form>`;
  return page("Personal Information", `${summary(state)}${body}`);
}

/** The answer after a good submission: the id the buyer app quotes in its select, readable by people and programs. */
export function f01DonePage(submissionId: string): string {
  return page(
    "Thank you",
    `<p role="status">Your details are received. Return to the app to see your offer.</p><p>Reference: <output id="submission_id" name="submission_id">${escapeHtml(submissionId)}</output></p>`,
    `<meta name="ondc-submission-id" content="${escapeHtml(submissionId)}">`,
  );
}

export function page(title: string, body: string, head = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${head}<title>${escapeHtml(title)} | SalaryOnTime</title>
<style>*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f3f7f4;font-size:1rem;line-height:1.4}
main{max-width:32rem;margin:0 auto;padding:1rem;background:#fff}h1{font-size:1.4rem}fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:700;font-size:1.1rem;margin-bottom:.5rem}
.field{margin-bottom:.9rem}label{display:block;font-weight:600;margin-bottom:.25rem}input,select{width:100%;font-size:1rem;padding:.6rem;border:1px solid #555;border-radius:4px;min-height:44px}
.check{display:flex;gap:.5rem;flex-wrap:wrap;align-items:flex-start}.check input{width:auto;min-height:auto;margin-top:.3rem}.check label{flex:1;font-weight:400}
.hint{margin:0 0 .25rem;color:#444;font-size:.9rem}.error{margin:.25rem 0 0;color:#b3261e;font-weight:600}[aria-invalid=true]{border:2px solid #b3261e}
.alert{border:2px solid #b3261e;padding:.75rem;margin-bottom:1rem;border-radius:4px}button{width:100%;font-size:1rem;padding:.8rem;background:#166534;color:#fff;border:0;border-radius:4px;min-height:44px}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}</style></head>
<body><main><p><strong>SalaryOnTime</strong></p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
