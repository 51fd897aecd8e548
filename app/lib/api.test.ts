import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { api, journey, JOURNEY_PATH } from "./api.ts";

function browserStubs(reply: unknown) {
  const store = new Map<string, string>([["next_step", "pancard_verification"]]);
  const assign = vi.fn();
  vi.stubGlobal("window", {
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
      clear: () => store.clear(),
    },
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
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    expect(await journey({ event_name: "login" })).toEqual({ Status: 0, Message: "An error occurred" });
  });

  it("posts a contract path by its name, with the reply typed by the contract", async () => {
    const { fetchMock } = browserStubs({ Status: 1, Message: "ok", Data: { lead_list: [] } });
    const reply = await api("getLeadList", {});
    expect(reply.Data).toEqual({ lead_list: [] });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe("/Api/Website/RepeatInstantJourneyController/getLeadList");
    expectTypeOf(reply.Data).toEqualTypeOf<
      | {
          lead_list: {
            lead_id: string;
            loan_amount: number | null;
            offer_max_amount: number;
            status: string;
            status_label: string;
            lead_entry_date: string | null;
            loan_no: string | null;
            proposal_number: string | null;
            quote_decision: string | null;
          }[];
        }
      | undefined
    >();
  });

  it("types the journey reply by the event", async () => {
    browserStubs({ Status: 2, Message: "no" });
    const reply = await journey({ event_name: "register_now" });
    expectTypeOf(reply.Data).toEqualTypeOf<
      { next_step: string; step_percentage: number; eligibility_status: number; lead_id: string; min_loan_amount: number; max_loan_amount: number } | undefined
    >();
  });
});
