import { describe, expect, it } from "vitest";
import { createZeptoMail, zeptoMailRequest } from "./zeptomail.ts";

const config = { url: "https://api.zeptomail.in/v1.1/email", apiKey: "tok-123", fromAddress: "noreply@salaryontime.example" };

describe("ZeptoMail e-mail adapter", () => {
  it("builds the send request: token header, from, to, subject, text and base64 attachments", () => {
    const { url, init } = zeptoMailRequest(config, {
      to: "asha@example.com",
      subject: "Your loan documents",
      text: "Hello",
      attachments: [{ name: "kfs.pdf", mimeType: "application/pdf", content: new TextEncoder().encode("%PDF-1") }],
    });
    expect(url).toBe("https://api.zeptomail.in/v1.1/email");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ authorization: "Zoho-enczapikey tok-123", "content-type": "application/json" });
    expect(JSON.parse(init.body as string)).toEqual({
      from: { address: "noreply@salaryontime.example", name: "SalaryOnTime" },
      to: [{ email_address: { address: "asha@example.com" } }],
      subject: "Your loan documents",
      textbody: "Hello",
      attachments: [{ name: "kfs.pdf", mime_type: "application/pdf", content: Buffer.from("%PDF-1").toString("base64") }],
    });
  });

  it("leaves attachments out when there are none", () => {
    const body = JSON.parse(zeptoMailRequest(config, { to: "a@b.co", subject: "s", text: "t" }).init.body as string);
    expect(body).not.toHaveProperty("attachments");
  });

  it("sends through fetch, and a refusal throws without the address or the text", async () => {
    const calls: string[] = [];
    const ok = createZeptoMail({ ...config, fetch: async (u) => (calls.push(String(u)), new Response('{"data":[]}', { status: 201 })) });
    await ok.send({ to: "asha@example.com", subject: "s", text: "secret text" });
    expect(calls).toEqual([config.url]);
    const refused = createZeptoMail({ ...config, fetch: async () => new Response('{"error":{"code":"TM_3201"}}', { status: 400 }) });
    const error = await refused.send({ to: "asha@example.com", subject: "s", text: "secret text" }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("ZeptoMail refused the e-mail (HTTP 400, TM_3201)");
  });
});
