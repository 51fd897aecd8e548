// Issue 23: a customer's e-mail in their language, from the catalogue (core/i18n/messages.*.ts): the
// greeting, the body of its kind and the sign-off. English reads exactly as it did before.
import { translate, type Language, type MessageKey, type MessageValues } from "../../../core/i18n/index.ts";
import type { Email } from "./port.ts";

/** Every kind with a subject and a body in the catalogue (messages.email.<kind>.subject / .body). */
export type CustomerEmailKind = {
  [K in MessageKey]: K extends `messages.email.${infer Kind}.subject` ? (`messages.email.${Kind}.body` extends MessageKey ? Kind : never) : never;
}[MessageKey];

export function customerEmail(input: {
  to: string;
  lang: Language;
  /** The customer's name; "customer" (or its Hindi) when there is none. */
  name: string | null | undefined;
  kind: CustomerEmailKind;
  values: MessageValues;
  /** Complaint e-mails are signed by the grievance desk. */
  from?: "grievance desk";
}): Email {
  const t = (key: MessageKey, values?: MessageValues) => translate(input.lang, key, values);
  const greeting = t("messages.email.greeting", { name: input.name || t("messages.email.customer") });
  const signoff = t(input.from ? "messages.email.grievanceSignoff" : "messages.email.signoff");
  return {
    to: input.to,
    lang: input.lang,
    kind: input.kind,
    subject: t(`messages.email.${input.kind}.subject`, input.values),
    text: [greeting, "", t(`messages.email.${input.kind}.body`, input.values), "", signoff].join("\n"),
  };
}
