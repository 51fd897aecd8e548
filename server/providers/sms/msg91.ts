import type { Language } from "../../../core/i18n/index.ts";
import type { NoticeKind, SmsPort } from "./port.ts";

export interface Msg91Config {
  authKey: string;
  /** DLT template ids of the one-time code, by language (issue 23: a Hindi template is registered as Unicode). */
  templateIds: Record<Language, string>;
  dltEntityId: string;
  senderId: string;
  /** DLT template ids of the service messages (Flow API), by notice kind and language. */
  noticeTemplateIds: Record<NoticeKind, Record<Language, string>>;
  fetch?: typeof fetch;
}

/**
 * MSG91 OTP API with a DLT-registered template. We pass our own code in `otp=`
 * so hashing, expiry and attempt limits stay on our server.
 */
export function createMsg91Sms(config: Msg91Config): SmsPort {
  const doFetch = config.fetch ?? fetch;
  return {
    async sendOtp({ mobile, code, lang }) {
      const templateId = config.templateIds[lang];
      const url = new URL("https://control.msg91.com/api/v5/otp");
      url.searchParams.set("template_id", templateId);
      url.searchParams.set("mobile", `91${mobile}`);
      url.searchParams.set("otp", code);
      url.searchParams.set("sender", config.senderId);
      url.searchParams.set("DLT_TE_ID", templateId);
      const response = await doFetch(url, {
        method: "POST",
        headers: { authkey: config.authKey, "content-type": "application/json" },
        body: JSON.stringify({ entity_id: config.dltEntityId }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => ({}))) as { type?: string; message?: string };
      if (!response.ok || body.type !== "success") {
        // Never include the URL: it carries the code.
        throw new Error(`MSG91 refused the message (HTTP ${response.status}, ${body.type ?? "no type"})`);
      }
    },
    // Flow API: the DLT template's variables are filled by MSG91; the text itself is registered.
    async sendNotice({ mobile, notice, lang }) {
      const templateId = config.noticeTemplateIds[notice.kind][lang];
      const response = await doFetch("https://control.msg91.com/api/v5/flow", {
        method: "POST",
        headers: { authkey: config.authKey, "content-type": "application/json" },
        body: JSON.stringify({
          template_id: templateId,
          sender: config.senderId,
          DLT_TE_ID: templateId,
          entity_id: config.dltEntityId,
          short_url: "0",
          recipients: [{ mobiles: `91${mobile}`, ...notice.vars }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => ({}))) as { type?: string };
      if (!response.ok || body.type !== "success") throw new Error(`MSG91 refused the notice (HTTP ${response.status}, ${body.type ?? "no type"})`);
    },
  };
}
