// How a profile step is written (decisions 8-9): the profile read, and a step committed under the
// profile's row lock or, for an edit of a completed step, in one gated UPDATE. The steps build on it.
import { and, eq, sql } from "drizzle-orm";
import { stepAfter, type ProfileStep } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { acceptsEditSql, advance, requireEvent, stepNotAvailable } from "../journey/journey.service.ts";

export type Profile = typeof customerProfiles.$inferSelect;
export type ProfileUpdate = Partial<typeof customerProfiles.$inferInsert>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function createProfileCommit(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  // Read on most signed-in requests: the SQL is built once.
  const profileById = db
    .select()
    .from(customerProfiles)
    .where(eq(customerProfiles.id, sql.placeholder("id")))
    .prepare("profile_by_id");
  async function load(profileId: string): Promise<Profile> {
    const [profile] = await profileById.execute({ id: profileId });
    if (!profile) throw stepNotAvailable();
    return profile;
  }

  /**
   * Writes a step inside a transaction that re-reads the profile under a row lock, so two
   * tabs cannot both advance it. An edit of a completed step never moves next_step back.
   */
  async function commitStep(profileId: string, event: ProfileStep, build: (tx: Tx, profile: Profile) => Promise<ProfileUpdate> | ProfileUpdate) {
    return db.transaction(async (tx) => {
      const profile = await requireEvent(tx, profileId, event);
      const values = await build(tx, profile);
      const at = now();
      let nextStep = profile.nextStep;
      if (profile.nextStep === event) {
        nextStep = stepAfter(event, profile.userType) ?? profile.nextStep;
        await advance(tx, profileId, event, nextStep, { at, set: values });
      } else {
        await tx
          .update(customerProfiles)
          .set({ ...values, updatedAt: at })
          .where(eq(customerProfiles.id, profileId));
      }
      return { profile, nextStep };
    });
  }

  /**
   * A step whose values need neither the profile nor the transaction. An edit of a completed step
   * (the profile elsewhere, accepted by decision 9's gate) is one UPDATE whose WHERE is that gate,
   * checked under the row lock the UPDATE takes: one round trip instead of begin, lock, write and
   * commit. Anything else (the step is current, or refused) goes through commitStep as before.
   */
  async function commitValues(profileId: string, event: ProfileStep, values: ProfileUpdate): Promise<{ nextStep: Profile["nextStep"] }> {
    const [edited] = await db
      .update(customerProfiles)
      .set({ ...values, updatedAt: now() })
      .where(and(eq(customerProfiles.id, profileId), acceptsEditSql(event)))
      .returning({ nextStep: customerProfiles.nextStep });
    if (edited) return edited;
    const { nextStep } = await commitStep(profileId, event, () => values);
    return { nextStep };
  }

  return { load, commitStep, commitValues };
}

export type ProfileCommit = ReturnType<typeof createProfileCommit>;
