// Issue 34: an SMS notice as its WhatsApp template. Each catalogue template that stands for a notice
// (core/whatsapp/templates.ts, `notice`) takes exactly that notice's variables, checked by the compiler
// below, so the notice the code sends by SMS can be sent on WhatsApp with the same values.
import { WHATSAPP_TEMPLATE_KEYS, WHATSAPP_TEMPLATES, type WhatsAppTemplateKey } from "../../../core/whatsapp/templates.ts";
import type { Notice, NoticeKind } from "../../providers/sms/port.ts";

type Templates = typeof WHATSAPP_TEMPLATES;
type NoticeOf<K extends WhatsAppTemplateKey> = Templates[K]["notice"];
type ParamsOf<K extends WhatsAppTemplateKey> = Templates[K]["params"][number];
type VarsOf<N> = N extends NoticeKind ? keyof Extract<Notice, { kind: N }>["vars"] : never;
type Same<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : false;
type Assert<T extends true> = T;

/** The templates that stand for an SMS notice. */
export type NoticeTemplateKey = { [K in WhatsAppTemplateKey]: NoticeOf<K> extends NoticeKind ? K : never }[WhatsAppTemplateKey];

/** Compile-time checks: every `notice` names an SMS notice kind, and each such template's parameters are that notice's variables. */
export type TemplatesNameNotices = Assert<Same<{ [K in WhatsAppTemplateKey]: NoticeOf<K> extends NoticeKind | null ? never : K }[WhatsAppTemplateKey], never>>;
export type TemplatesTakeNoticeVariables = Assert<{ [K in NoticeTemplateKey]: Same<ParamsOf<K>, VarsOf<NoticeOf<K>>> }[NoticeTemplateKey]>;

/** The notice kinds that have a WhatsApp template (the others go by SMS only). */
export const WHATSAPP_NOTICE_KINDS: readonly NoticeKind[] = WHATSAPP_TEMPLATE_KEYS.map((k) => WHATSAPP_TEMPLATES[k].notice).filter((n) => n !== null);

/** The template of an SMS notice and its values, or null for a notice WhatsApp has no template for. */
export function whatsAppForNotice(notice: Notice): { template: NoticeTemplateKey; values: Record<string, string> } | null {
  const key = WHATSAPP_TEMPLATE_KEYS.find((k) => WHATSAPP_TEMPLATES[k].notice === notice.kind) as NoticeTemplateKey | undefined;
  return key ? { template: key, values: notice.vars as Record<string, string> } : null;
}
