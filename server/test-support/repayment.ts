// Repayment tests' customers: a demo customer with an open loan and a PAN of its own, and a Pay Now
// session opened with that PAN's code, as the browser would.
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { REPAY_CONTROLLER } from "../../core/contract/index.ts";
import { customerProfiles } from "../db/schema/index.ts";
import { createDemoCustomer } from "../modules/dev/demo-customers.ts";
import { keyedHash } from "../security/crypto.ts";
import { randomMobile, type createTestApp } from "./test-app.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
let seq = 0;
/** A PAN of our own per customer (the demo's is derived from the mobile). */
const newPan = () => `RPQP${"ABCDEFGHJKLMNPQRSTUV"[++seq % 20]}${1000 + seq}Z`;
const repay = (name: string) => `${REPAY_CONTROLLER}/${name}`;

/** A demo customer with an open loan (₹20,000, day 10 of 25: ₹22,000 due today; `paidOutDaysAgo` moves day 10). */
export async function loanCustomer(t: T, options: { atCompleted?: boolean; paidOutDaysAgo?: number } = {}) {
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT", paidOutDaysAgo: options.paidOutDaysAgo });
  const pan = newPan();
  await t.services.db
    .update(customerProfiles)
    .set({ pancardHash: keyedHash(t.services.env.HASH_KEY, "pan", pan) })
    .where(eq(customerProfiles.mobile, mobile));
  // A real disbursed customer's journey ended at `completed` (the demo one is parked at register_now).
  if (options.atCompleted) await t.services.db.execute(sql`update customer_profiles set next_step = 'completed' where mobile = ${mobile}`);
  return { mobile, pan, leadId: demo.activeLoanId! };
}

/** Pay Now: the PAN's code, verified; the session cookie and the verify reply. */
export async function payNowSession(t: T, c: { mobile: string; pan: string }) {
  const ip = t.freshIp();
  const sent = await t.post({ pancard: c.pan }, { path: repay("sendOtp"), headers: { "x-forwarded-for": ip } });
  const code = await t.latestCode(c.mobile);
  const verify = await t.post(
    { panNumber: c.pan, otp: code, otp_ref: sent.body.Data.otp_ref },
    { path: repay("verifyOtp"), headers: { "x-forwarded-for": ip } },
  );
  expect(verify.body.Status).toBe(1);
  const cookie = verify.headers.get("set-cookie")!.split(";")[0];
  return { cookie, verify };
}
