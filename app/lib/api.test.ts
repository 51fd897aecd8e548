import { afterEach, describe, expect, it, vi } from "vitest";
import { journey, JOURNEY_PATH } from "./api.ts";

function browserStubs(reply: unknown) {
  const store = new Map<string, string>([["next_step", "pancard_verification"]]);
  const assign = vi.fn();
  vi.stubGlobal("window", {
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k), clear: () => store.clear() },
    location: { assign },
  });
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(reply)));
  vi.stubGlobal("fetch", fetchMock);
  return { store, assign, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe("API client", () => {
  it.each([4, 5])("logs the web client out on Status %i", async (Status) => {
    const { store, assign } = browserStubs({ Status, Message: "Invalid session. Please log in again." });
    const reply = await journey({ event_name: "register_now" });
    expect(reply.Status).toBe(Status);
    expect(store.size).toBe(0);
    expect(assign).toHaveBeenCalledWith("/apply-now");
  });

  it("keeps the session on other answers and posts JSON to the journey endpoint", async () => {
    const { store, assign, fetchMock } = browserStubs({ Status: 2, Message: "This step is not available now." });
    const reply = await journey({ event_name: "register_now" });
    expect(reply.Message).toBe("This step is not available now.");
    expect(store.size).toBe(1);
    expect(assign).not.toHaveBeenCalled();
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(JOURNEY_PATH);
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual({ event_name: "register_now" });
  });

  it("answers Status 0 with the generic message when nothing came back", async () => {
    browserStubs(null);
    vi.stubGlobal("fetch", vi.fn(async () => { throw new TypeError("offline"); }));
    expect(await journey({ event_name: "login" })).toEqual({ Status: 0, Message: "An error occurred" });
  });
});
