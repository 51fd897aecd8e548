import { describe, expect, it } from "vitest";
import { createCashfreeBankVerification } from "./cashfree.ts";

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe("Cashfree penny drop", () => {
  const config = { url: "https://api.cashfree.com/verification/", clientId: "id-1", clientSecret: "secret-1" };

  it("sends the account, IFSC and name with the client credentials, and reads a VALID answer", async () => {
    const f = fakeFetch(200, {
      reference_id: 34,
      name_at_bank: " RAHUL SHARMA ",
      bank_name: "HDFC Bank",
      utr: "UTR123",
      account_status: "VALID",
      account_status_code: "ACCOUNT_IS_VALID",
    });
    const port = createCashfreeBankVerification({ ...config, fetch: f.fn });
    const result = await port.verify({ accountNumber: "123456789012", ifsc: "HDFC0000001", expectedName: "Rahul Sharma", mobile: "9876543210" });
    expect(result).toEqual({ status: "VALID", nameAtBank: "RAHUL SHARMA", bankName: "HDFC Bank", reference: "UTR123" });
    expect(f.calls[0].url).toBe("https://api.cashfree.com/verification/bank-account/sync");
    expect(f.calls[0].init.headers).toMatchObject({ "x-client-id": "id-1", "x-client-secret": "secret-1" });
    expect(JSON.parse(String(f.calls[0].init.body))).toEqual({ bank_account: "123456789012", ifsc: "HDFC0000001", name: "Rahul Sharma", phone: "9876543210" });
  });

  it("maps INVALID and refusals to an invalid account, and a server error to a throw without the number", async () => {
    const invalid = createCashfreeBankVerification({
      ...config,
      fetch: fakeFetch(200, { account_status: "INVALID", account_status_code: "ACCOUNT_BLOCKED" }).fn,
    });
    expect(await invalid.verify({ accountNumber: "1", ifsc: "HDFC0000001", expectedName: "A" })).toEqual({ status: "INVALID", reason: "ACCOUNT_BLOCKED" });
    const refused = createCashfreeBankVerification({ ...config, fetch: fakeFetch(422, {}).fn });
    expect((await refused.verify({ accountNumber: "1", ifsc: "HDFC0000001", expectedName: "A" })).status).toBe("INVALID");
    const down = createCashfreeBankVerification({ ...config, fetch: fakeFetch(502, {}).fn });
    await expect(down.verify({ accountNumber: "123456789012", ifsc: "HDFC0000001", expectedName: "A" })).rejects.toThrow(
      /^Bank verification provider answered HTTP 502$/,
    );
  });
});
