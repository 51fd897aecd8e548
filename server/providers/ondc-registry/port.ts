// Issue 32: the ONDC registry, where a sender's signing key is found (developer-docs, registry/lookup).
// POST {registry}/lookup with {subscriber_id, ukId} answers an array of participants; we read only what
// verifying a signature needs. The production adapter is http.ts; sandbox.ts lists the product itself and
// the sandbox buyer app; cache.ts keeps answers until the key's valid_until.

export interface RegistryParticipant {
  subscriberId: string;
  ukId: string;
  /** BAP, BPP or BG. */
  type: string;
  /** base64 of the raw 32-byte Ed25519 public key. */
  signingPublicKey: string;
  validFrom: Date | null;
  validUntil: Date | null;
  /** SUBSCRIBED when the participant may send. */
  status: string;
  subscriberUrl: string | null;
}

export interface RegistryQuery {
  subscriberId: string;
  ukId: string;
}

export interface OndcRegistryPort {
  /** Every participant the registry lists for the key; an empty list when it knows none. Throws when the registry cannot be asked. */
  lookup(query: RegistryQuery): Promise<RegistryParticipant[]>;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
const date = (value: unknown) => {
  const at = text(value) ? new Date(value as string) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};

/** One participant of a lookup answer; null when it lacks what verification needs. `ukId` is also spelt `unique_key_id`. */
export function participantFromJson(raw: unknown): RegistryParticipant | null {
  if (!raw || typeof raw !== "object") return null;
  const entry = raw as Record<string, unknown>;
  const subscriberId = text(entry.subscriber_id);
  const ukId = text(entry.ukId) ?? text(entry.unique_key_id);
  const signingPublicKey = text(entry.signing_public_key);
  if (!subscriberId || !ukId || !signingPublicKey) return null;
  return {
    subscriberId,
    ukId,
    type: text(entry.type) ?? "",
    signingPublicKey,
    validFrom: date(entry.valid_from),
    validUntil: date(entry.valid_until),
    status: text(entry.status) ?? "",
    subscriberUrl: text(entry.subscriber_url),
  };
}

/** The participant whose key may sign now: the same subscriber and key id, SUBSCRIBED, within its validity. */
export function currentParticipant(participants: RegistryParticipant[], query: RegistryQuery, now: Date): RegistryParticipant | null {
  return (
    participants.find(
      (p) =>
        p.subscriberId === query.subscriberId &&
        p.ukId === query.ukId &&
        p.status === "SUBSCRIBED" &&
        (!p.validFrom || p.validFrom <= now) &&
        (!p.validUntil || p.validUntil >= now),
    ) ?? null
  );
}
