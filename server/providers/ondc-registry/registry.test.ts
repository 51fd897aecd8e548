// Issue 32: the registry look-up: the HTTP adapter's request and reading, the cache's lifetime, the sandbox.
import { describe, expect, it } from "vitest";
import { createCachedRegistry } from "./cache.ts";
import { createHttpRegistry } from "./http.ts";
import { currentParticipant, type OndcRegistryPort, type RegistryParticipant } from "./port.ts";
import { createSandboxRegistry } from "./sandbox.ts";

// The shape ONDC's registry answers (developer-docs, registry/lookup): our own example, not a copied one.
const answer = [
  {
    subscriber_id: "buyer.example.com",
    ukId: "k1",
    br_id: "b-1",
    country: "IND",
    city: "std:080",
    domain: "ONDC:FIS12",
    signing_public_key: "MCowBQYDK2VwAyEAHpLHnxPEJ/5kkbLEgsLRXjfTwxUtr6iJm8vKVXLmrks=",
    encr_public_key: "MCowBQYDK2VuAyEA",
    valid_from: "2026-01-01T00:00:00.000Z",
    valid_until: "2026-12-31T00:00:00.000Z",
    type: "BAP",
    status: "SUBSCRIBED",
    subscriber_url: "https://buyer.example.com/ondc",
    created: "2025-12-01T00:00:00.000Z",
    updated: "2025-12-01T00:00:00.000Z",
  },
  { subscriber_id: "broken.example.com" },
];

describe("ONDC registry over HTTP", () => {
  it("posts {subscriber_id, ukId} to {url}/lookup and reads the participants", async () => {
    const calls: { url: string; body: unknown }[] = [];
    const registry = createHttpRegistry({
      url: "https://preprod.registry.ondc.org/ondc/",
      fetch: async (url, init) => {
        calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
        return Response.json(answer);
      },
    });
    const found = await registry.lookup({ subscriberId: "buyer.example.com", ukId: "k1" });
    expect(calls).toEqual([{ url: "https://preprod.registry.ondc.org/ondc/lookup", body: { subscriber_id: "buyer.example.com", ukId: "k1" } }]);
    expect(found).toEqual([
      {
        subscriberId: "buyer.example.com",
        ukId: "k1",
        type: "BAP",
        signingPublicKey: answer[0].signing_public_key,
        validFrom: new Date("2026-01-01T00:00:00.000Z"),
        validUntil: new Date("2026-12-31T00:00:00.000Z"),
        status: "SUBSCRIBED",
        subscriberUrl: "https://buyer.example.com/ondc",
      },
    ]);
    const query = { subscriberId: "buyer.example.com", ukId: "k1" };
    expect(currentParticipant(found, query, new Date("2026-06-01"))).toBe(found[0]);
    expect(currentParticipant(found, query, new Date("2027-01-01"))).toBeNull();
    expect(currentParticipant(found, { ...query, ukId: "k2" }, new Date("2026-06-01"))).toBeNull();
    expect(currentParticipant([{ ...found[0], status: "UNSUBSCRIBED" }], query, new Date("2026-06-01"))).toBeNull();
  });

  it("reads 404 as no participant, and fails on other errors and on an answer that is not a list", async () => {
    const with404 = createHttpRegistry({ url: "https://r.invalid", fetch: async () => new Response("not found", { status: 404 }) });
    expect(await with404.lookup({ subscriberId: "x", ukId: "y" })).toEqual([]);
    const down = createHttpRegistry({ url: "https://r.invalid", fetch: async () => new Response("", { status: 502 }) });
    await expect(down.lookup({ subscriberId: "x", ukId: "y" })).rejects.toThrow(/HTTP 502/);
    const odd = createHttpRegistry({ url: "https://r.invalid", fetch: async () => Response.json({ message: "hi" }) });
    await expect(odd.lookup({ subscriberId: "x", ukId: "y" })).rejects.toThrow(/not a list|other than a list/);
  });
});

describe("ONDC registry cache", () => {
  const participant = (validUntil: string): RegistryParticipant => ({
    subscriberId: "s",
    ukId: "k",
    type: "BAP",
    signingPublicKey: "key",
    validFrom: null,
    validUntil: new Date(validUntil),
    status: "SUBSCRIBED",
    subscriberUrl: null,
  });
  function counting(list: () => RegistryParticipant[]) {
    let calls = 0;
    const registry: OndcRegistryPort = { lookup: async () => (calls++, list()) };
    return { registry, calls: () => calls };
  }

  it("keeps an answer by key until valid_until, at most maxAgeMs", async () => {
    let now = new Date("2026-06-01T00:00:00Z").getTime();
    const source = counting(() => [participant("2026-06-01T00:05:00Z")]);
    const cached = createCachedRegistry({ registry: source.registry, now: () => new Date(now), maxAgeMs: 15 * 60_000 });
    await cached.lookup({ subscriberId: "s", ukId: "k" });
    await cached.lookup({ subscriberId: "s", ukId: "k" });
    expect(source.calls()).toBe(1);
    await cached.lookup({ subscriberId: "s", ukId: "other" });
    expect(source.calls()).toBe(2);
    now += 5 * 60_000 + 1; // past valid_until: asked again
    await cached.lookup({ subscriberId: "s", ukId: "k" });
    expect(source.calls()).toBe(3);
  });

  it("asks again after maxAgeMs for a long-lived key, and keeps an empty answer only briefly", async () => {
    let now = new Date("2026-06-01T00:00:00Z").getTime();
    const source = counting(() => [participant("2030-01-01T00:00:00Z")]);
    const cached = createCachedRegistry({ registry: source.registry, now: () => new Date(now), maxAgeMs: 60_000 });
    await cached.lookup({ subscriberId: "s", ukId: "k" });
    now += 61_000;
    await cached.lookup({ subscriberId: "s", ukId: "k" });
    expect(source.calls()).toBe(2);
    const empty = counting(() => []);
    const cachedEmpty = createCachedRegistry({ registry: empty.registry, now: () => new Date(now), missAgeMs: 1000 });
    await cachedEmpty.lookup({ subscriberId: "s", ukId: "k" });
    await cachedEmpty.lookup({ subscriberId: "s", ukId: "k" });
    now += 1001;
    await cachedEmpty.lookup({ subscriberId: "s", ukId: "k" });
    expect(empty.calls()).toBe(2);
  });
});

describe("sandbox registry", () => {
  const sandbox = createSandboxRegistry([
    { subscriberId: "localhost:3000", ukId: "sandbox-key-1", type: "BPP", signingPublicKey: "bpp-key", subscriberUrl: "http://localhost:3000/ondc" },
    { subscriberId: "localhost:3000", ukId: "sandbox-buyer-app", type: "BAP", signingPublicKey: "bap-key", subscriberUrl: "http://localhost:3000/dev/ondc" },
  ]);

  it("answers in-process and over HTTP with the registry's shape", async () => {
    const [bap] = await sandbox.port.lookup({ subscriberId: "localhost:3000", ukId: "sandbox-buyer-app" });
    expect(bap).toMatchObject({ type: "BAP", signingPublicKey: "bap-key", status: "SUBSCRIBED" });
    const routes = sandbox.routes();
    const response = await routes.request("/lookup", { method: "POST", body: JSON.stringify({ subscriber_id: "localhost:3000", ukId: "sandbox-key-1" }) });
    expect(await response.json()).toEqual([
      expect.objectContaining({ subscriber_id: "localhost:3000", ukId: "sandbox-key-1", type: "BPP", signing_public_key: "bpp-key", status: "SUBSCRIBED" }),
    ]);
    const unknown = await routes.request("/lookup", { method: "POST", body: JSON.stringify({ subscriber_id: "nobody", ukId: "k" }) });
    expect(await unknown.json()).toEqual([]);
    expect((await routes.request("/lookup", { method: "POST", body: "{}" })).status).toBe(400);
  });
});
