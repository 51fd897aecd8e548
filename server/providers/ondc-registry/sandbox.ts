// Issue 32: the sandbox registry. It lists the product itself and the sandbox buyer app (their keys made
// once into DATA_DIR, server/env.ts), answers in-process for our own verification, and answers
// POST /dev/ondc/registry/lookup over HTTP the way ONDC's registry does, for a buyer app that checks our
// callbacks. Sandbox mode only.
import { Hono } from "hono";
import type { OndcRegistryPort, RegistryParticipant } from "./port.ts";

export const SANDBOX_REGISTRY_BASE = "/dev/ondc/registry";

/** Keys listed from this day to this day: long enough never to lapse in a sandbox. */
const VALID_FROM = "2024-01-01T00:00:00.000Z";
const VALID_UNTIL = "2099-12-31T23:59:59.000Z";

export interface SandboxParticipant {
  subscriberId: string;
  ukId: string;
  type: "BAP" | "BPP" | "BG";
  signingPublicKey: string;
  subscriberUrl: string;
}

function asJson(p: SandboxParticipant) {
  return {
    subscriber_id: p.subscriberId,
    ukId: p.ukId,
    type: p.type,
    domain: "ONDC:FIS12",
    country: "IND",
    city: "*",
    signing_public_key: p.signingPublicKey,
    valid_from: VALID_FROM,
    valid_until: VALID_UNTIL,
    status: "SUBSCRIBED",
    subscriber_url: p.subscriberUrl,
  };
}

export function createSandboxRegistry(participants: SandboxParticipant[]): { port: OndcRegistryPort; routes(): Hono } {
  const matching = (subscriberId: unknown, ukId: unknown) =>
    participants.filter((p) => p.subscriberId === subscriberId && (ukId === undefined || p.ukId === ukId));
  const port: OndcRegistryPort = {
    async lookup({ subscriberId, ukId }): Promise<RegistryParticipant[]> {
      return matching(subscriberId, ukId).map((p) => ({
        subscriberId: p.subscriberId,
        ukId: p.ukId,
        type: p.type,
        signingPublicKey: p.signingPublicKey,
        validFrom: new Date(VALID_FROM),
        validUntil: new Date(VALID_UNTIL),
        status: "SUBSCRIBED",
        subscriberUrl: p.subscriberUrl,
      }));
    },
  };
  return {
    port,
    routes() {
      const routes = new Hono();
      routes.post("/lookup", async (c) => {
        const query = (await c.req.json().catch(() => null)) as { subscriber_id?: unknown; ukId?: unknown } | null;
        if (!query || typeof query.subscriber_id !== "string") return c.json({ error: "subscriber_id is required" }, 400);
        return c.json(matching(query.subscriber_id, query.ukId).map(asJson));
      });
      return routes;
    },
  };
}
