// The one owner of customer_profiles.next_step (decision 9: the server owns it). Every service
// locks the profile row, checks where the customer is and moves them through here, so two tabs
// cannot both advance a step and no move outside transitions.ts is ever written.
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { JOURNEY_CODES } from "../../../core/i18n/index.ts";
import { acceptsEvent, NEXT_STEP_TABLE, userTypeFor, type NextStep } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, loanAccounts } from "../../db/schema/index.ts";
import { NotAvailable } from "../domain-errors.ts";
import { canMove } from "./transitions.ts";

export { EKYC_STEPS } from "./transitions.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type JourneyProfile = typeof customerProfiles.$inferSelect;
/** Other profile columns written in the same statement as the move (never next_step itself). */
export type ProfileChanges = Omit<Partial<typeof customerProfiles.$inferInsert>, "nextStep" | "id" | "updatedAt">;
/** When the move happens (the services' clock), and other columns written with it. */
export type MoveOptions = { at: Date; set?: ProfileChanges };

export const stepNotAvailable = () => new NotAvailable(JOURNEY_CODES.stepNotAvailable);

const asList = (steps: NextStep | readonly NextStep[]): readonly NextStep[] => (typeof steps === "string" ? [steps] : steps);

/** Profile steps may be edited until the customer is found eligible; the offer rests on them. */
export function isEditable(profile: Pick<JourneyProfile, "eligibilityStatus">): 0 | 1 {
  return profile.eligibilityStatus === 1 ? 0 : 1;
}

/**
 * Decision 9's gate without a lock (a read before calling a provider): the event belongs to the
 * current stage, or edits a completed profile step while the profile is editable.
 */
export function assertAccepts(profile: JourneyProfile | null | undefined, event: NextStep): asserts profile is JourneyProfile {
  if (!profile || !acceptsEvent({ event, current: profile.nextStep, isEditable: isEditable(profile) })) throw stepNotAvailable();
}

/**
 * Decision 9's gate for an edit of `event` (the profile at another step), as the next_step values
 * acceptsEvent itself accepts: whatever the profile's state, and only while it is editable. Lets a
 * caller check the gate in the WHERE of one UPDATE (the row's lock) instead of lock, read, write.
 */
export function editableFrom(event: NextStep): { always: NextStep[]; whileEditable: NextStep[] } {
  const others = (Object.keys(NEXT_STEP_TABLE) as NextStep[]).filter((current) => current !== event);
  const always = others.filter((current) => acceptsEvent({ event, current, isEditable: false }));
  const whileEditable = others.filter((current) => !always.includes(current) && acceptsEvent({ event, current, isEditable: true }));
  return { always, whileEditable };
}

/** The WHERE of editableFrom for the profile row: eligibility_status 1 is what isEditable calls locked. */
export function acceptsEditSql(event: NextStep) {
  const { always, whileEditable } = editableFrom(event);
  const atStep = (steps: NextStep[]) => (steps.length ? inArray(customerProfiles.nextStep, steps) : sql`false`);
  return or(atStep(always), and(ne(customerProfiles.eligibilityStatus, 1), atStep(whileEditable)));
}

/** The only statement in the code base that writes next_step. */
function write(tx: Tx, profileId: string, to: NextStep, { at, set }: MoveOptions) {
  return tx
    .update(customerProfiles)
    .set({ ...set, nextStep: to, updatedAt: at })
    .where(eq(customerProfiles.id, profileId));
}

async function lock(tx: Tx, profileId: string): Promise<JourneyProfile> {
  const [profile] = await tx.select().from(customerProfiles).where(eq(customerProfiles.id, profileId)).for("update");
  if (!profile) throw stepNotAvailable();
  return profile;
}

/** Locks the profile row and checks the current step is `step` (or one of them); moves nothing. */
export async function requireStep(tx: Tx, profileId: string, step: NextStep | readonly NextStep[]): Promise<JourneyProfile> {
  const profile = await lock(tx, profileId);
  if (!asList(step).includes(profile.nextStep)) throw stepNotAvailable();
  return profile;
}

/** Locks the profile row and applies decision 9's gate for `event`; moves nothing. */
export async function requireEvent(tx: Tx, profileId: string, event: NextStep): Promise<JourneyProfile> {
  const profile = await lock(tx, profileId);
  assertAccepts(profile, event);
  return profile;
}

/**
 * Locks the profile row, checks it is at `from` (or one of them) and that from → to is in the
 * table, and writes `to` (with `set`, other columns of the same move). Refuses with NotAvailable.
 */
export async function advance(tx: Tx, profileId: string, from: NextStep | readonly NextStep[], to: NextStep, options: MoveOptions): Promise<JourneyProfile> {
  const profile = await lock(tx, profileId);
  if (!asList(from).includes(profile.nextStep) || !canMove(profile.nextStep, to)) throw stepNotAvailable();
  await write(tx, profileId, to, options);
  return profile;
}

/** Like advance, but a profile elsewhere is left as it is (a retried webhook); true when it moved. */
export async function advanceIfAt(tx: Tx, profileId: string, from: NextStep, to: NextStep, { at }: MoveOptions): Promise<boolean> {
  const profile = await lock(tx, profileId);
  if (profile.nextStep !== from || !canMove(from, to)) return false;
  await write(tx, profileId, to, { at });
  return true;
}

/** Where DigiLocker's success takes the journey (ekyc-verify), and where an approved video KYC takes it too. */
export const AFTER_AADHAAR_VERIFIED: NextStep = "account_aggregator_verify";

/**
 * Issue 33: the Aadhaar verified another way than DigiLocker's return (a video KYC approved by the
 * official). The journey moves on as DigiLocker's success moves it, from the Aadhaar step only
 * (ekyc_initiated, or ekyc_verified after a failed return); a customer elsewhere (already past it, or
 * skipped it) is left as they are. True when it moved.
 */
export async function aadhaarVerifiedElsewhere(tx: Tx, profileId: string, { at }: MoveOptions): Promise<boolean> {
  const profile = await lock(tx, profileId);
  if (profile.nextStep !== "ekyc_initiated" && profile.nextStep !== "ekyc_verified") return false;
  if (!canMove(profile.nextStep, AFTER_AADHAAR_VERIFIED)) return false;
  await write(tx, profileId, AFTER_AADHAAR_VERIFIED, { at });
  return true;
}

/**
 * Issue 29: the bank returned the payout of a loan the customer had already repaid, so it was never a
 * loan and the lead waits for a payout again. The closure's moves are undone under the profile lock:
 * the user type is counted again, and a journey sent to Re-Loan (register_now) is back at completed.
 * A customer who has started a new application since keeps their step.
 */
export async function reopenAfterClosure(tx: Tx, profileId: string, at: Date): Promise<void> {
  const profile = await lock(tx, profileId);
  const rows = await tx
    .select({ status: loanAccounts.status, n: sql<number>`count(*)::int` })
    .from(loanAccounts)
    .where(and(eq(loanAccounts.profileId, profileId), inArray(loanAccounts.status, ["CLOSED", "DISBURSED"])))
    .groupBy(loanAccounts.status);
  const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  const userType = userTypeFor({ closedLoans: count("CLOSED"), openLoans: count("DISBURSED") });
  if (profile.nextStep === "register_now") await write(tx, profileId, "completed", { at, set: { userType } });
  else await tx.update(customerProfiles).set({ userType, updatedAt: at }).where(eq(customerProfiles.id, profileId));
}

/** Steps the development shortcuts and demo data may put a customer at (never mounted in production). */
export const DEV_JUMP_TARGETS = ["register_now", "generate_loan_quote", "ekyc_initiated", "banking_details"] as const satisfies readonly NextStep[];
export type DevJumpTarget = (typeof DEV_JUMP_TARGETS)[number];

/**
 * Development and demo data only (server/modules/dev): puts the customer at `to` from wherever they
 * are, outside the table, under the same lock. Callers check their own preconditions.
 */
export async function jumpForDev(tx: Tx, profileId: string, to: DevJumpTarget, { at }: MoveOptions): Promise<JourneyProfile> {
  const profile = await lock(tx, profileId);
  await write(tx, profileId, to, { at });
  return profile;
}
