// Sandbox only (issue 32, point 9): POST /dev/ondc/finder-fee-demo {lead_id} marks a website application that
// is signed and not yet paid out as if it had come through the sandbox buyer app: the buyer app's search (a
// finder fee of 1 % a year) and our forms F02 to F06 for that lead, the offer being the lead's accepted quote.
// Browser tests of the buyer app fees desk use it, since the whole ONDC walk to the payout is a test of its own
// (ondc.mobile.spec.ts). Paying the loan out then goes through the real desks, and the ondc-callbacks job
// accrues the fee as for any ONDC loan. Never mounted in production mode.
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { loanAccounts, loanQuotes, ondcFormSubmissions, ondcMessages } from "../../db/schema/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { searchRequest } from "./ondc-buyer-app/buyer-requests.ts";

const body = z.object({ lead_id: z.string().uuid() });

export function createFinderFeeDemoRoutes(deps: { db: Db; now: () => Date; bapId: string; origin: string }) {
  const { db, now } = deps;
  const routes = new Hono<AppEnv>();
  routes.post("/ondc/finder-fee-demo", async (c) => {
    c.header("Cache-Control", "no-store");
    const parsed = body.safeParse(parseJsonObject((await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT)).text));
    if (!parsed.success) return c.json({ error: "lead_id (a uuid) is required." }, 422);
    const leadId = parsed.data.lead_id.toLowerCase();
    const [account] = await db.select().from(loanAccounts).where(eq(loanAccounts.leadId, leadId));
    const [quote] = await db.select().from(loanQuotes).where(eq(loanQuotes.leadId, leadId));
    if (!account || !quote || !["SUBMITTED", "SANCTIONED"].includes(account.status))
      return c.json({ error: "The lead must have an accepted quote and be signed, not yet paid out." }, 409);
    const at = now();
    const transactionId = randomUUID();
    const search = searchRequest({
      transactionId,
      messageId: randomUUID(),
      at,
      bapId: deps.bapId,
      bapUri: `${deps.origin}/dev/ondc`,
      origin: deps.origin,
      finderFeePercentage: "1",
    });
    await db.transaction(async (tx) => {
      await tx.insert(ondcMessages).values({
        direction: "in",
        action: "search",
        transactionId,
        messageId: search.context.message_id,
        bapId: deps.bapId,
        keyId: `${deps.bapId}|sandbox-buyer-app|ed25519`,
        signature: "verified",
        body: JSON.stringify(search),
        receivedAt: at,
      });
      // F02 carries the offer (the accepted quote); F03 to F06 each continue the one before, as the forms do.
      let parent: string | null = null;
      for (const formId of ["F02", "F03", "F04", "F05", "F06"]) {
        const submissionId = randomUUID();
        const offer =
          formId === "F02"
            ? {
                proposalNumber: quote.proposalNumber,
                offerPrincipal: quote.principal,
                offerTenureDays: quote.tenureDays,
                offerRepaymentDate: quote.repaymentDate,
                offerIssuedOn: quote.issuedOn,
                requestAmount: quote.principal,
                requestTerm: quote.tenureDays,
              }
            : {};
        await tx.insert(ondcFormSubmissions).values({
          submissionId,
          formId,
          transactionId,
          profileId: account.profileId,
          leadId: formId === "F06" ? leadId : null,
          outcome: "eligible",
          parentSubmissionId: parent,
          createdAt: at,
          ...offer,
        });
        parent = submissionId;
      }
    });
    return c.json({ transaction_id: transactionId, bap_id: deps.bapId });
  });
  return routes;
}
