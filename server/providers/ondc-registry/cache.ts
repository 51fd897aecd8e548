// Issue 32: registry answers kept per (subscriber_id, ukId), so a busy buyer app does not cost a lookup per
// request. An answer is kept until the earliest valid_until it lists, and never longer than maxAgeMs, so a
// key the registry withdraws stops verifying within that time. An empty answer is kept briefly, so a stream
// of requests naming an unknown key cannot turn into a stream of lookups.
import type { OndcRegistryPort, RegistryParticipant } from "./port.ts";

export function createCachedRegistry(config: {
  registry: OndcRegistryPort;
  now: () => Date;
  maxAgeMs?: number;
  missAgeMs?: number;
}): OndcRegistryPort & { forget(): void } {
  const maxAgeMs = config.maxAgeMs ?? 15 * 60_000;
  const missAgeMs = config.missAgeMs ?? 60_000;
  const kept = new Map<string, { participants: RegistryParticipant[]; until: number }>();
  return {
    async lookup(query) {
      const key = JSON.stringify([query.subscriberId, query.ukId]);
      const at = config.now().getTime();
      const hit = kept.get(key);
      if (hit && hit.until > at) return hit.participants;
      const participants = await config.registry.lookup(query);
      const validUntil = participants.map((p) => p.validUntil?.getTime() ?? Infinity);
      const until = participants.length ? Math.min(at + maxAgeMs, ...validUntil) : at + missAgeMs;
      if (until > at) kept.set(key, { participants, until });
      else kept.delete(key);
      return participants;
    },
    forget: () => kept.clear(),
  };
}
