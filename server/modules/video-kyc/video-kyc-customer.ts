// Issue 33: the customer's side of a video KYC before the call: start it (consent with the notice's
// version), give the Aadhaar offline e-KYC file (checked before anything is kept), join the queue with the
// browser's location, and read their own session. Every id is checked against the customer's own.
import { and, asc, count, desc, eq, inArray, lt, or } from "drizzle-orm";
import { PURPOSE_NOTICES, type NoticeLanguage } from "../../../core/data-rights/index.ts";
import { LOAN_CODES, VIDEO_KYC_CODES, type CodedMessage } from "../../../core/i18n/index.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import { isInIndia } from "../../../core/india-location.ts";
import { videoKycLocationSchema, waitingMinutes } from "../../../core/video-kyc.ts";
import { aadhaarKyc, customerProfiles, ekycRequests, leads, videoKycSessions } from "../../db/schema/index.ts";
import { offlineEkycMobileMatches, readOfflineEkyc, type OfflineEkycRefusal } from "../../providers/offline-ekyc/port.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { OPEN_STATUSES, ownSession, type VideoKycDeps, type VideoKycRow } from "./video-kyc-rows.ts";
import { iceServersFor, type IceServer } from "./ice-servers.ts";
import type { CallPresence } from "./call-presence.ts";

/** Each refusal of the file, worded for the customer, and the field it belongs to. */
const FILE_REFUSALS: Record<OfflineEkycRefusal, { code: CodedMessage; field: "file" | "share_code" }> = {
  "share-code-format": { code: VIDEO_KYC_CODES.shareCodeFormat, field: "share_code" },
  "wrong-share-code": { code: VIDEO_KYC_CODES.wrongShareCode, field: "share_code" },
  "not-a-zip": { code: VIDEO_KYC_CODES.notOfflineEkyc, field: "file" },
  "no-xml": { code: VIDEO_KYC_CODES.notOfflineEkyc, field: "file" },
  "not-xml": { code: VIDEO_KYC_CODES.notOfflineEkyc, field: "file" },
  unsigned: { code: VIDEO_KYC_CODES.signatureNotVerified, field: "file" },
  "bad-signature": { code: VIDEO_KYC_CODES.signatureNotVerified, field: "file" },
  stale: { code: VIDEO_KYC_CODES.stale, field: "file" },
  "dated-ahead": { code: VIDEO_KYC_CODES.datedAhead, field: "file" },
  "last4-mismatch": { code: VIDEO_KYC_CODES.last4Mismatch, field: "file" },
  incomplete: { code: VIDEO_KYC_CODES.incomplete, field: "file" },
};

/** What the customer sees of their session. */
export interface VideoKycCustomerView {
  id: string;
  leadId: string;
  status: VideoKycRow["status"];
  /** While waiting: how many are ahead plus one, and whole minutes waited. */
  queuePosition: number | null;
  waitingMinutes: number | null;
  /** Back before the queue because the waiting room went unread 10 minutes: the page says so and offers to join again. */
  leftQueue: boolean;
  /** The official's reason, when rejected. */
  rejectionReason: string | null;
  /** Approved and confirmed by the second person's audit. */
  audited: boolean;
  /** A rejected session, or an approval the audit overturned, may be followed by a new one. */
  mayStartAgain: boolean;
  /** While waiting or in the call: the STUN and TURN servers for the call (TURN credentials minted for it). */
  iceServers: IceServer[];
}

async function viewOf({ db, now, ice }: Pick<VideoKycDeps, "db" | "now" | "ice">, row: VideoKycRow): Promise<VideoKycCustomerView> {
  let queuePosition: number | null = null;
  if (row.status === "WAITING" && row.queuedAt) {
    const [ahead] = await db
      .select({ n: count() })
      .from(videoKycSessions)
      .where(
        and(
          eq(videoKycSessions.status, "WAITING"),
          or(lt(videoKycSessions.queuedAt, row.queuedAt), and(eq(videoKycSessions.queuedAt, row.queuedAt), lt(videoKycSessions.id, row.id))),
        ),
      );
    queuePosition = Number(ahead?.n ?? 0) + 1;
  }
  const overturned = row.auditOutcome === "OVERTURNED";
  return {
    id: row.id,
    leadId: row.leadId,
    status: row.status,
    queuePosition,
    waitingMinutes: row.status === "WAITING" && row.queuedAt ? waitingMinutes(row.queuedAt, now()) : null,
    leftQueue: row.status === "IDENTITY_READ" && row.queuedAt !== null,
    rejectionReason: row.status === "REJECTED" ? row.decisionReason : null,
    audited: row.status === "APPROVED" && row.auditOutcome === "CONFIRMED",
    // Dropped (gone more than 10 minutes), the call starts again as a new video KYC, as after a rejection.
    mayStartAgain: row.status === "REJECTED" || row.status === "DROPPED" || (row.status === "APPROVED" && overturned),
    iceServers: row.status === "WAITING" || row.status === "IN_CALL" ? iceServersFor(ice, row.id, now()) : [],
  };
}

/** The customer's own application, or "this application does not exist" (theirs or not, alike). */
async function ownLead(db: VideoKycDeps["db"], profileId: string, leadId: unknown) {
  if (!isUuid(leadId)) throw new NotFound(LOAN_CODES.noApplication);
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.profileId, profileId)));
  if (!lead) throw new NotFound(LOAN_CODES.noApplication);
  return lead;
}

/** The application's call whose customer has been gone more than 10 minutes ends here (DROPPED), so a new one may start. */
async function endGoneCall(db: VideoKycDeps["db"], presence: Pick<CallPresence, "current">, leadId: string) {
  const [inCall] = await db
    .select()
    .from(videoKycSessions)
    .where(and(eq(videoKycSessions.leadId, leadId), eq(videoKycSessions.status, "IN_CALL")));
  if (inCall) await presence.current(inCall);
}

/** The customer's own read of their session: the rules applied, and a waiting customer is seen there now. */
function customerRead(deps: VideoKycDeps, presence: Pick<CallPresence, "current" | "seen">) {
  return async (row: VideoKycRow) => {
    const current = await presence.current(row);
    if (current.status === "WAITING") await presence.seen(current.id);
    return viewOf(deps, current);
  };
}

/**
 * `presence`: a call whose customer has been gone more than 10 minutes reads as DROPPED, a waiting room
 * unread as long as out of the queue; each read of a waiting session by its customer counts as them there.
 */
export function createVideoKycCustomer(deps: VideoKycDeps, presence: Pick<CallPresence, "current" | "seen">) {
  const { db, now, storage, offlineEkycTrust, consents } = deps;
  const view = async (row: VideoKycRow) => viewOf(deps, await presence.current(row));
  const read = customerRead(deps, presence);

  /** Moves the customer's session from one of `from` to its next state; refused when it is elsewhere. */
  async function advance(row: VideoKycRow, from: VideoKycRow["status"][], set: Partial<VideoKycRow>): Promise<VideoKycRow> {
    const [moved] = await db
      .update(videoKycSessions)
      .set({ ...set, updatedAt: now() })
      .where(and(eq(videoKycSessions.id, row.id), inArray(videoKycSessions.status, from)))
      .returning();
    if (!moved) throw new Refused(VIDEO_KYC_CODES.wrongStep);
    return moved;
  }

  return {
    /**
     * Starts (or returns the open) video KYC of the customer's application. Refused once DigiLocker eKYC
     * has verified the customer's Aadhaar; the consent to purpose video_kyc is recorded first.
     */
    async start(profileId: string, input: { leadId: unknown; consent: boolean; language: NoticeLanguage }): Promise<VideoKycCustomerView> {
      const lead = await ownLead(db, profileId, input.leadId);
      const [digilocker] = await db.select({ at: aadhaarKyc.verifiedAt }).from(aadhaarKyc).where(eq(aadhaarKyc.profileId, profileId));
      if (digilocker) throw new Refused(VIDEO_KYC_CODES.notOffered);
      if (!input.consent) throw new InvalidInput({ key: "notice.needed" }, { consent: { key: "notice.needed" } });
      await consents.grant(profileId, ["video_kyc"], { source: "video_kyc_start", language: input.language });
      await endGoneCall(db, presence, lead.id);
      const at = now();
      const [made] = await db
        .insert(videoKycSessions)
        .values({
          leadId: lead.id,
          profileId,
          status: "STARTED",
          consentNoticeVersion: PURPOSE_NOTICES.video_kyc.version,
          consentLanguage: input.language,
          startedAt: at,
          updatedAt: at,
        })
        // One live session per application (the partial unique index): a second start returns the first.
        .onConflictDoNothing()
        .returning();
      if (made) return view(made);
      const [open] = await db
        .select()
        .from(videoKycSessions)
        .where(and(eq(videoKycSessions.leadId, lead.id), inArray(videoKycSessions.status, [...OPEN_STATUSES, "APPROVED"])))
        .orderBy(desc(videoKycSessions.startedAt))
        .limit(1);
      if (!open) throw new Refused(VIDEO_KYC_CODES.wrongStep);
      return view(open);
    },

    /**
     * The Aadhaar offline e-KYC ZIP and its share code: read and checked (UIDAI's signature by a key we
     * trust, at most 3 days old, the last four digits typed at the Aadhaar step) before anything is kept.
     * Kept: the fields the official needs, and the photo in the storage port; never the file or the code.
     */
    async submitOfflineEkyc(profileId: string, sessionId: unknown, input: { zip: Uint8Array | null; shareCode: string }): Promise<VideoKycCustomerView> {
      const row = await ownSession(db, profileId, sessionId);
      if (row.status !== "STARTED" && row.status !== "IDENTITY_READ") throw new Refused(VIDEO_KYC_CODES.wrongStep);
      if (!input.zip || input.zip.byteLength === 0) throw new InvalidInput(VIDEO_KYC_CODES.fileRequired, { file: VIDEO_KYC_CODES.fileRequired });
      const [typed] = await db
        .select({ last4: ekycRequests.typedLast4 })
        .from(ekycRequests)
        .where(eq(ekycRequests.leadId, row.leadId))
        .orderBy(desc(ekycRequests.createdAt))
        .limit(1);
      const read = await readOfflineEkyc({
        zip: input.zip,
        shareCode: input.shareCode.trim(),
        signers: await offlineEkycTrust.signers(),
        now: now(),
        aadhaarLast4: typed && /^\d{4}$/.test(typed.last4) ? typed.last4 : undefined,
      });
      if (!read.ok) {
        const refusal = FILE_REFUSALS[read.refused];
        throw new InvalidInput(refusal.code, { [refusal.field]: refusal.code });
      }
      const r = read.record;
      const [profile] = await db.select({ mobile: customerProfiles.mobile }).from(customerProfiles).where(eq(customerProfiles.id, profileId));
      const photoKey = await storage.put(r.photo);
      try {
        const moved = await advance(row, ["STARTED", "IDENTITY_READ"], {
          status: "IDENTITY_READ",
          aadhaarLast4: r.aadhaarLast4,
          ekycGeneratedAt: r.generatedAt,
          name: r.name,
          dob: r.dob,
          gender: r.gender,
          address: r.address,
          photoKey,
          mobileMatches: profile ? offlineEkycMobileMatches(r, profile.mobile, input.shareCode.trim()) : false,
          identityReadAt: now(),
        });
        // A second file replaces the first: its photo goes.
        if (row.photoKey) await storage.delete(row.photoKey);
        return view(moved);
      } catch (error) {
        await storage.delete(photoKey);
        throw error;
      }
    },

    /**
     * Joins the queue with the browser's location, refused outside India (core/india-location.ts). Only
     * after the identity is read.
     */
    async joinQueue(profileId: string, sessionId: unknown, location: unknown): Promise<VideoKycCustomerView> {
      const row = await ownSession(db, profileId, sessionId);
      const parsed = videoKycLocationSchema.safeParse(location);
      if (!parsed.success) {
        const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "location"), i.message]));
        throw new InvalidInput(parsed.error.issues[0]!.message, errors);
      }
      // RBI's V-CIP is for a customer in India: a location outside it is refused, and nothing is stored.
      if (!isInIndia(parsed.data.latitude, parsed.data.longitude))
        throw new InvalidInput(VIDEO_KYC_CODES.outsideIndia, { location: VIDEO_KYC_CODES.outsideIndia });
      const at = now();
      const moved = await advance(row, ["IDENTITY_READ"], {
        status: "WAITING",
        latitude: parsed.data.latitude,
        longitude: parsed.data.longitude,
        locationAccuracyM: parsed.data.accuracy,
        queuedAt: at,
        customerSeenAt: at,
      });
      return view(moved);
    },

    /** The customer's own session by id. */
    async mine(profileId: string, sessionId: unknown): Promise<VideoKycCustomerView> {
      return read(await ownSession(db, profileId, sessionId));
    },

    /** The newest session of the customer's application, or null when none was started. */
    async latestFor(profileId: string, leadId: unknown): Promise<VideoKycCustomerView | null> {
      const lead = await ownLead(db, profileId, leadId);
      const [row] = await db
        .select()
        .from(videoKycSessions)
        .where(eq(videoKycSessions.leadId, lead.id))
        .orderBy(desc(videoKycSessions.startedAt), asc(videoKycSessions.id))
        .limit(1);
      return row ? read(row) : null;
    },
  };
}
