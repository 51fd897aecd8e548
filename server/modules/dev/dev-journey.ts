// Development shortcuts through the journey (never used in production mode).
import { eq } from "drizzle-orm";
import { customerProfiles } from "../../db/schema/index.ts";
import { AppError } from "../../http/envelope.ts";
import type { Services } from "../../services.ts";

/**
 * The session customer's submitted loan runs SANCTIONED → DISBURSED → CLOSED, as if paid out and
 * repaid, and the profile goes back to register_now (Re-Loan): the customer is now REPEAT.
 */
export async function closeLoanForDev(services: Services, profileId: string) {
  const lead = await services.leads.open(profileId);
  if (!lead || lead.status === "IN_PROCESS") throw new AppError("A submitted loan is needed (finish the eSign first).");
  const path = ["SUBMITTED", "SANCTIONED", "DISBURSED", "CLOSED"] as const;
  for (const status of path.slice(path.indexOf(lead.status as (typeof path)[number]) + 1)) await services.leads.transition(lead.id, status);
  await services.db.update(customerProfiles).set({ nextStep: "register_now", updatedAt: services.now() }).where(eq(customerProfiles.id, profileId));
  return { closed_lead_id: lead.id, next_step: "register_now", user_type: await services.leads.userTypeOf(profileId) };
}
