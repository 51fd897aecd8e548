// The bureau adapter against replies shaped as cibil.ts models CIBIL (TransUnion CIBIL) through the
// lender's bureau connector: a consumer score, zero-padded as in the TUEF score segment, where "000-1"
// means no history and 1-5 a file too thin to score. The fixtures are modelled on that documentation,
// not captured from a live account; the person is made up.
import { describe, expect, it } from "vitest";
import { fakeFetch, fixture } from "../../test-support/fake-fetch.ts";
import { createCibilBureau } from "./cibil.ts";

const config = { url: "https://bureau-connector.example/cibil/v1/consumer-score", apiKey: "key-1", memberId: "NB12345678" };
const person = { pan: "ABCPK1234F", fullName: "RAHUL KUMAR SHARMA", dob: "1992-04-15", mobile: "9876543210", pincode: "560001" };
const load = (name: string) => fixture(import.meta.url, name);
const pull = (reply: { status?: number; json?: unknown; text?: string }) => createCibilBureau({ ...config, fetch: fakeFetch(reply).fetch }).fetchScore(person);

describe("CIBIL bureau", () => {
  it("posts a personal-loan enquiry (purpose 05) with the member id and API key, and reads the score", async () => {
    const f = fakeFetch({ json: load("cibil-score.json") });
    expect(await createCibilBureau({ ...config, fetch: f.fetch }).fetchScore(person)).toEqual({ status: "SCORE", score: 762, reference: "006221234567" });
    expect(f.calls).toHaveLength(1);
    const [call] = f.calls;
    expect(call.url).toBe(config.url);
    expect(call.method).toBe("POST");
    expect(call.headers).toMatchObject({ "content-type": "application/json", "x-api-key": "key-1" });
    expect(JSON.parse(String(call.body))).toEqual({
      member_id: "NB12345678",
      enquiry_purpose: "05",
      pan: "ABCPK1234F",
      name: "RAHUL KUMAR SHARMA",
      dob: "1992-04-15",
      mobile: "9876543210",
      pincode: "560001",
    });
  });

  it("reads a numeric score too, and keeps the range ends", async () => {
    expect(await pull({ json: { ...load("cibil-score.json"), score: 900 } })).toEqual({ status: "SCORE", score: 900, reference: "006221234567" });
    expect(await pull({ json: { ...load("cibil-score.json"), score: "00300" } })).toEqual({ status: "SCORE", score: 300, reference: "006221234567" });
  });

  it("reads no history: -1, a thin file (1-5), no score at all", async () => {
    expect(await pull({ json: load("cibil-no-history.json") })).toEqual({ status: "NO_HISTORY", reference: "006221234568" });
    expect(await pull({ json: load("cibil-thin-file.json") })).toEqual({ status: "NO_HISTORY", reference: "006221234569" });
    expect(await pull({ json: { ...load("cibil-score.json"), score: -1 } })).toEqual({ status: "NO_HISTORY", reference: "006221234567" });
    expect(await pull({ json: { control_number: "006221234570" } })).toEqual({ status: "NO_HISTORY", reference: "006221234570" });
    expect(await pull({ json: {} })).toEqual({ status: "NO_HISTORY", reference: "" });
  });

  it("throws on any error reply, with the status only", async () => {
    for (const status of [400, 401, 403, 500, 502]) {
      const attempt = pull({ status, json: load("cibil-error.json") });
      await expect(attempt).rejects.toThrow(new RegExp(`^Credit bureau answered HTTP ${status}$`));
    }
  });

  it("throws on a reply that is not JSON without quoting it", async () => {
    const attempt = pull({ text: "ABCPK1234F RAHUL KUMAR SHARMA 00762" });
    await expect(attempt).rejects.toThrow(/^Credit bureau sent a reply that is not JSON \(HTTP 200\)$/);
  });
});
