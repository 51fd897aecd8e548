// The contact page's enquiry island: the one working copy of the enquiry form (captcha, core's form
// rules, the server's replies and messages), as plain DOM code on contact.tsx's server-rendered markup.
// First, as in root.tsx: zod must not probe `new Function`, which the CSP refuses.
import "../lib/zod-jitless.ts";
// Deep imports: the index would bring every schema of core/validation into this small file.
import { enquiryFormSchema } from "../../core/validation/enquiry.ts";
import { filterMobileInput } from "../../core/validation/input-filters.ts";
import { errorText, FALLBACK_ERROR, postJson } from "../lib/api.ts";
import {
  CAPTCHA_PATH,
  ENGLISH_ENQUIRY_WORDS,
  ENQUIRE_PATH,
  ENQUIRY_FIELDS,
  messageHint,
  type Captcha,
  type EnquiryFields,
  type EnquiryWords,
} from "../lib/enquiry-form.ts";
import { checkForm, focusFirstError } from "../lib/form-errors.ts";

const HINTED = new Set(["mobile", "message", "captcha"]);

function enquiryForm(form: HTMLFormElement) {
  const input = (name: string) => form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${name}`)!;
  const answer = input("captcha") as HTMLInputElement;
  const notice = form.querySelector<HTMLElement>(".enquiry-notice")!;
  const imageBox = form.querySelector<HTMLElement>(".captcha-image")!;
  const status = form.querySelector<HTMLElement>('.captcha [role="status"]')!;
  const newImage = form.querySelector<HTMLButtonElement>("[data-captcha-new]")!;
  const submitButton = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const messageHintNode = form.querySelector<HTMLElement>("#message-hint");
  // The page's words, in its language (contact.tsx); English if the attribute is missing or unreadable.
  const words = readWords(form);
  let captcha: Captcha | null = null;
  let busy = false;

  const refreshSubmit = () => {
    submitButton.disabled = busy || !captcha;
    submitButton.textContent = busy ? words.busy : words.idle;
  };

  /** Each field's message under it (FieldError's look), with aria-invalid and aria-describedby. */
  function showErrors(errors: Record<string, string>) {
    for (const name of [...ENQUIRY_FIELDS, "captcha"]) {
      const control = input(name);
      // The rules' English in the page's words (the server's own answers come already worded).
      const message = errors[name] ? (words.errors[errors[name]] ?? errors[name]) : undefined;
      form.querySelector(`#${name}-error`)?.remove();
      if (message) {
        const p = document.createElement("p");
        p.className = "field-error";
        p.id = `${name}-error`;
        p.textContent = message;
        control.after(p);
      }
      control.setAttribute("aria-invalid", String(Boolean(message)));
      const describedBy = [HINTED.has(name) ? `${name}-hint` : "", message ? `${name}-error` : ""].filter(Boolean).join(" ");
      if (describedBy) control.setAttribute("aria-describedby", describedBy);
      else control.removeAttribute("aria-describedby");
    }
  }

  function showNotice(kind: "error" | "success" | null, text = "") {
    notice.replaceChildren();
    if (!kind) return;
    const p = document.createElement("p");
    p.className = `alert alert-${kind}`;
    p.textContent = text;
    notice.append(p);
  }

  const updateMessageHint = () => {
    if (messageHintNode) messageHintNode.textContent = messageHint(input("message").value.length, words);
  };

  async function loadCaptcha(announce: boolean) {
    captcha = null;
    answer.value = "";
    imageBox.setAttribute("aria-busy", "true");
    const loading = document.createElement("span");
    loading.className = "hint";
    loading.textContent = words.loading;
    imageBox.replaceChildren(loading);
    refreshSubmit();
    const reply = await postJson<Captcha>(CAPTCHA_PATH, {}, { keepSession: true });
    if (reply.Status === 1 && reply.Data) {
      captcha = reply.Data;
      const img = document.createElement("img");
      img.src = captcha.captcha_image;
      img.width = captcha.width;
      img.height = captcha.height;
      img.alt = words.alt;
      imageBox.replaceChildren(img);
      imageBox.setAttribute("aria-busy", "false");
      status.textContent = announce ? words.newImage : "";
    } else {
      status.textContent = errorText(reply, words.failed);
    }
    refreshSubmit();
  }

  input("mobile").addEventListener("input", (e) => {
    const target = e.target as HTMLInputElement;
    target.value = filterMobileInput(target.value);
  });
  input("message").addEventListener("input", updateMessageHint);
  newImage.addEventListener("click", () => void loadCaptcha(true));

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void submit();
  });

  async function submit() {
    if (busy) return;
    showNotice(null);
    const fields = Object.fromEntries(ENQUIRY_FIELDS.map((name) => [name, input(name).value])) as EnquiryFields;
    const checked = checkForm(enquiryFormSchema, fields);
    const localErrors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (!answer.value.trim()) localErrors.captcha = words.required;
    if (Object.keys(localErrors).length) {
      showErrors(localErrors);
      focusFirstError(localErrors);
      return;
    }
    if (!captcha) return;
    busy = true;
    refreshSubmit();
    const reply = await postJson<{ enquiry_id: string }>(
      ENQUIRE_PATH,
      { ...fields, captcha_id: captcha.captcha_id, captcha: answer.value },
      { keepSession: true },
    );
    busy = false;
    refreshSubmit();
    if (reply.Status === 1) {
      showErrors({});
      for (const name of ENQUIRY_FIELDS) input(name).value = "";
      updateMessageHint();
      showNotice("success", reply.Message);
      void loadCaptcha(false);
      return;
    }
    const serverErrors = reply.errors ?? {};
    showErrors(serverErrors);
    showNotice("error", errorText(reply, FALLBACK_ERROR));
    if (serverErrors.captcha) {
      // The typed fields stay; the spent image is replaced.
      await loadCaptcha(false);
      answer.focus();
    } else {
      focusFirstError(serverErrors);
    }
  }

  newImage.disabled = false;
  void loadCaptcha(false);
}

function readWords(form: HTMLFormElement): EnquiryWords {
  try {
    return { ...ENGLISH_ENQUIRY_WORDS, ...(JSON.parse(form.dataset.enquiryWords ?? "{}") as Partial<EnquiryWords>) };
  } catch {
    return ENGLISH_ENQUIRY_WORDS;
  }
}

const form = document.querySelector<HTMLFormElement>("[data-enquiry-form]");
if (form) enquiryForm(form);
