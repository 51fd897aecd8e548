// Issue 23, decision 42: consent per purpose, append-only (a withdrawal is a new row), each grant and
// withdrawal also written to the audit chain in the same transaction. Other modules ask `given` before
// they use data for an optional purpose (tracking, reminders, marketing).
// The reads are consent-reads.ts; this file records grants and withdrawals.
import { eq, inArray, sql } from "drizzle-orm";
import { isConsentPurpose, PURPOSE_NOTICES, purposeNotice, type ConsentPurpose, type NoticeLanguage } from "../../../core/data-rights/index.ts";
import { DATA_RIGHTS_CODES } from "../../../core/i18n/index.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import type { Db } from "../../db/client.ts";
import { consents, customerProfiles, dataRequests } from "../../db/schema/index.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";
import { createConsentReads, latestConsents as latest } from "./consent-reads.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type { ConsentEvent, ConsentState } from "./consent-reads.ts";

export function createConsentsService(deps: { db: Db; audit: AuditService; now: () => Date; allowDemoDiscard?: boolean }) {
  const { db, audit, now } = deps;

  async function write(
    tx: Tx,
    profileId: string,
    purpose: ConsentPurpose,
    action: "grant" | "withdraw",
    opts: { source: string; language: NoticeLanguage; actor?: StaffPrincipal | null },
  ) {
    const at = now();
    const noticeVersion = PURPOSE_NOTICES[purpose].version;
    await tx.insert(consents).values({ profileId, purpose, action, noticeVersion, language: opts.language, source: opts.source, at });
    await audit.record(tx, {
      actor: opts.actor ?? null,
      // The customer acted, unless a staff member did (an erasure they fulfilled).
      actorEmail: opts.actor ? null : "customer",
      action: action === "grant" ? "consent.grant" : "consent.withdraw",
      target: { kind: "customer_profile", id: profileId },
      after: { purpose, notice_version: noticeVersion, language: opts.language, source: opts.source },
    });
  }

  return {
    ...createConsentReads({ db }),

    /**
     * Issue 23: a journey step that uses a purpose (the bureau pull, DigiLocker, the account aggregator)
     * stops when the customer withdrew it, with a message naming the purpose in their language.
     */
    async requireNotWithdrawn(profileId: string, purpose: ConsentPurpose, lang: NoticeLanguage = "en"): Promise<void> {
      if ((await this.choice(profileId, purpose)) === false) {
        throw new Refused({ key: "notice.withdrawn", values: { title: purposeNotice(purpose, lang).title } });
      }
    },

    /**
     * Issue 23: the tick of a journey step's notice, checked and recorded before the step runs (the journey
     * module calls this and then performs the step). "1" grants the purpose (once per notice version, so a
     * repeated tick writes nothing, and a fresh tick after a withdrawal gives it again); "0" refuses the
     * step; absent (the apps, which send no such field) changes nothing and only a withdrawal stops it.
     */
    async atStep(
      profileId: string,
      purpose: ConsentPurpose,
      choice: "0" | "1" | undefined,
      opts: { source: string; language: NoticeLanguage },
    ): Promise<ConsentPurpose[]> {
      if (choice === "0") throw new InvalidInput({ key: "notice.needed" }, { consent: { key: "notice.needed" } });
      if (choice === "1") return this.grant(profileId, [purpose], opts);
      await this.requireNotWithdrawn(profileId, purpose, opts.language);
      return [];
    },

    /** Records a grant for each purpose not already granted on the current notice; returns those recorded. */
    async grant(profileId: string, purposes: readonly unknown[], opts: { source: string; language?: NoticeLanguage }): Promise<ConsentPurpose[]> {
      if (!purposes.every(isConsentPurpose)) throw new InvalidInput(DATA_RIGHTS_CODES.unknownPurpose, { purpose: DATA_RIGHTS_CODES.unknownPurpose });
      const language = opts.language ?? "en";
      return db.transaction(async (tx) => {
        const current = await latest(tx, profileId);
        const recorded: ConsentPurpose[] = [];
        for (const purpose of new Set(purposes as ConsentPurpose[])) {
          const row = current.get(purpose);
          if (row?.action === "grant" && row.noticeVersion === PURPOSE_NOTICES[purpose].version) continue;
          await write(tx, profileId, purpose, "grant", { source: opts.source, language });
          recorded.push(purpose);
        }
        return recorded;
      });
    },

    /** Records a withdrawal; refused when the purpose is not currently granted. */
    async withdraw(profileId: string, purpose: unknown, opts: { source: string; language?: NoticeLanguage }): Promise<ConsentPurpose> {
      if (!isConsentPurpose(purpose)) throw new InvalidInput(DATA_RIGHTS_CODES.unknownPurpose, { purpose: DATA_RIGHTS_CODES.unknownPurpose });
      await db.transaction(async (tx) => {
        const row = (await latest(tx, profileId)).get(purpose);
        if (row?.action !== "grant") throw new Refused(DATA_RIGHTS_CODES.notGranted);
        await write(tx, profileId, purpose, "withdraw", { source: opts.source, language: opts.language ?? "en" });
      });
      return purpose;
    },

    /**
     * Issue 34: a withdrawal the customer sent from their phone (a WhatsApp STOP), found by mobile number and
     * recorded in the language of their grant. What it did: withdrawn, not granted (nothing to withdraw), or no
     * customer with that number.
     */
    async withdrawByMobile(mobile: string, purpose: ConsentPurpose, source: string): Promise<"withdrawn" | "not_granted" | "no_customer"> {
      const [profile] = await db.select({ id: customerProfiles.id }).from(customerProfiles).where(eq(customerProfiles.mobile, mobile)).limit(1);
      if (!profile) return "no_customer";
      return db.transaction(async (tx) => {
        const row = (await latest(tx, profile.id)).get(purpose);
        if (row?.action !== "grant") return "not_granted" as const;
        await write(tx, profile.id, purpose, "withdraw", { source, language: row.language });
        return "withdrawn" as const;
      });
    },

    /** Sandbox only: a re-seeded demo customer's consents and requests go with it (migration 1151). */
    async discardDemo(profileIds: string[]): Promise<void> {
      if (!deps.allowDemoDiscard) throw new Error("Consents are never deleted outside sandbox demo data.");
      if (profileIds.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('consents.allow_discard', 'on', true)`);
        await tx.delete(consents).where(inArray(consents.profileId, profileIds));
        await tx.delete(dataRequests).where(inArray(dataRequests.profileId, profileIds));
      });
    },

    /** Withdraws every granted purpose in the list, inside the caller's transaction (erasure). */
    async withdrawAllIn(tx: Tx, profileId: string, purposes: readonly ConsentPurpose[], source: string, actor: StaffPrincipal): Promise<ConsentPurpose[]> {
      const current = await latest(tx, profileId);
      const done: ConsentPurpose[] = [];
      for (const purpose of purposes) {
        if (current.get(purpose)?.action !== "grant") continue;
        await write(tx, profileId, purpose, "withdraw", { source, language: current.get(purpose)!.language, actor });
        done.push(purpose);
      }
      return done;
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
