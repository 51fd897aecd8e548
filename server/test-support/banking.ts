// Helpers for bank-details and eSign tests: an eligible customer put at banking_details (through the
// dev route), valid banking payloads, the sandbox signing page driven like a browser, and a REPEAT customer.
import { onboard, type TestApp } from "./onboarding.ts";

export type Customer = Awaited<ReturnType<typeof onboard>>;

/** A valid IFSC in the ifsc dataset (HDFC Bank) and one in the right shape that is not. */
export const KNOWN_IFSC = "HDFC0000001";
export const UNKNOWN_IFSC = "ABCD0123456";

export const bankPayload = (over: Record<string, unknown> = {}) => ({
  event_name: "banking_details",
  account_number: "123456789012",
  confirm_account_number: "123456789012",
  account_ifsc: KNOWN_IFSC,
  account_branch: "Sandoz House, Worli",
  account_name: "Account Holder",
  account_type_id: 1,
  verification_consent: 1,
  ...over,
});

/** Signs in, sends the five profile steps and register_now: an eligible customer with an IN_PROCESS lead. */
export async function eligibleCustomer(t: TestApp): Promise<Customer> {
  const user = await onboard(t);
  const reply = await user.send({ event_name: "register_now" });
  if (reply.body.Status !== 1) throw new Error(`register_now failed: ${reply.body.Message}`);
  return user;
}

/** The dev route: the session customer's open lead jumps to banking_details. */
export async function moveToBanking(t: TestApp, user: { headers: Record<string, string> }) {
  const response = await t.app.request("/dev/journey/banking-details", {
    method: "POST",
    headers: { "content-type": "application/json", ...user.headers },
    body: "{}",
  });
  const body = (await response.json()) as { Status: number; Message: string; Data?: { lead_id: string } };
  if (body.Status !== 1) throw new Error(`dev route failed: ${body.Message}`);
  return body.Data!;
}

/** An eligible customer at banking_details, with the lead id. */
export async function customerAtBanking(t: TestApp) {
  const user = await eligibleCustomer(t);
  const { lead_id } = await moveToBanking(t, user);
  return { ...user, leadId: lead_id };
}

/** The newest 6-digit eSign code the sandbox SMS outbox holds for a number. */
export async function latestEsignCode(t: TestApp, mobile: string) {
  const messages = await t.services.outbox!.outbox(200);
  // The eSign code is the only 6-digit one, in English or Hindi (issue 23).
  return messages.find((m) => m.to === mobile && /^\d{6}\b/.test(m.text))?.text.match(/^(\d{6})/)?.[1];
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** Drives the sandbox signing page: asks for a code, reads it from the outbox, signs. Returns the redirect. */
export async function signOnSandbox(t: TestApp, url: string, mobile: string, code?: string) {
  const path = new URL(url, "http://localhost").pathname;
  const sent = await t.app.request(`${path}/send-code`, form({ consent: "1" }));
  if (sent.status !== 200) throw new Error(`send-code answered ${sent.status}`);
  const real = await latestEsignCode(t, mobile);
  const signed = await t.app.request(`${path}/sign`, form({ code: code ?? real!, consent: "1" }));
  return { status: signed.status, location: signed.headers.get("location"), html: signed.status === 303 ? "" : await signed.text(), code: real };
}

/** Issue 24: AutoPay's step after the bank account, skipped; answers the eSign's url. */
export async function skipAutopay(user: { send: Customer["send"] }): Promise<string> {
  const reply = await user.send({ event_name: "autopay_setup", skip: 1 });
  if (reply.body.Status !== 1) throw new Error(`autopay_setup skip failed: ${reply.body.Message}`);
  return reply.body.Data.url as string;
}

/** Bank details verified, AutoPay skipped and the agreement signed: the lead is SUBMITTED, next_step completed. */
export async function completeBankingAndEsign(t: TestApp, user: Customer & { leadId: string }) {
  const bank = await user.send(bankPayload());
  if (bank.body.Status !== 1) throw new Error(`banking_details failed: ${bank.body.Message}`);
  const signed = await signOnSandbox(t, await skipAutopay(user), user.mobile);
  if (signed.status !== 303) throw new Error(`signing failed: ${signed.html}`);
  return { bank, signed };
}

/** The dev route: the submitted loan is paid out and repaid, the profile back at register_now (Re-Loan). */
export async function closeLoan(t: TestApp, user: { headers: Record<string, string> }) {
  const response = await t.app.request("/dev/journey/close-loan", {
    method: "POST",
    headers: { "content-type": "application/json", ...user.headers },
    body: "{}",
  });
  const body = (await response.json()) as { Status: number; Message: string; Data?: { user_type: string } };
  if (body.Status !== 1) throw new Error(`close-loan failed: ${body.Message}`);
  return body.Data!;
}

/**
 * A REPEAT customer at banking_details: the first loan is verified, signed and closed through the dev
 * route (back at register_now), then Re-Loan opens a second lead.
 */
export async function repeatCustomerAtBanking(t: TestApp) {
  const first = await customerAtBanking(t);
  await completeBankingAndEsign(t, first);
  const closed = await closeLoan(t, first);
  if (closed.user_type !== "REPEAT") throw new Error(`expected REPEAT, got ${closed.user_type}`);
  const again = await first.send({ event_name: "register_now" });
  if (again.body.Status !== 1) throw new Error(`re-loan register_now failed: ${again.body.Message}`);
  const { lead_id } = await moveToBanking(t, first);
  return { ...first, firstLeadId: first.leadId, leadId: lead_id };
}
