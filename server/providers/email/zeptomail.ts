import type { Email, EmailPort } from "./port.ts";

export interface ZeptoMailConfig {
  /** https://api.zeptomail.in/v1.1/email (India data centre). */
  url: string;
  /** The Send Mail token ("Zoho-enczapikey …" is added here). */
  apiKey: string;
  fromAddress: string;
  fromName?: string;
  fetch?: typeof fetch;
}

/** The request ZeptoMail's send API expects; exported so a test checks it without a network. */
export function zeptoMailRequest(config: ZeptoMailConfig, email: Email): { url: string; init: RequestInit } {
  const body = {
    from: { address: config.fromAddress, name: config.fromName ?? "SalaryOnTime" },
    to: [{ email_address: { address: email.to } }],
    subject: email.subject,
    textbody: email.text,
    ...(email.attachments?.length
      ? { attachments: email.attachments.map((a) => ({ name: a.name, mime_type: a.mimeType, content: Buffer.from(a.content).toString("base64") })) }
      : {}),
  };
  return {
    url: config.url,
    init: {
      method: "POST",
      headers: { authorization: `Zoho-enczapikey ${config.apiKey}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    },
  };
}

/** ZeptoMail (Zoho) transactional e-mail over HTTPS, kept in India (api.zeptomail.in). */
export function createZeptoMail(config: ZeptoMailConfig): EmailPort {
  const doFetch = config.fetch ?? fetch;
  return {
    async send(email) {
      const { url, init } = zeptoMailRequest(config, email);
      const response = await doFetch(url, init);
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
        // Never the address or the text: only what says why.
        throw new Error(`ZeptoMail refused the e-mail (HTTP ${response.status}, ${body.error?.code ?? "no code"})`);
      }
    },
  };
}
