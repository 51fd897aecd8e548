// TRUST_PROXY is the number of proxies in front: the client address is the X-Forwarded-For entry that
// many hops from the right, so entries a client writes itself (to its left) never pick its address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTP_POLICY } from "../../core/security-policy.ts";
import { createTestApp, randomMobile } from "../test-support/test-app.ts";
import { forwardedClient } from "./context.ts";

describe("the client address behind proxies", () => {
  it("takes the entry that many hops from the right, the leftmost when fewer, none with no proxy", () => {
    const header = "6.6.6.6, 203.0.113.7, 10.0.0.2";
    expect(forwardedClient(header, 0)).toBeNull();
    expect(forwardedClient(header, 1)).toBe("10.0.0.2");
    expect(forwardedClient(header, 2)).toBe("203.0.113.7");
    expect(forwardedClient(header, 3)).toBe("6.6.6.6");
    expect(forwardedClient("203.0.113.7", 2)).toBe("203.0.113.7");
    expect(forwardedClient(" , 203.0.113.7 ,", 1)).toBe("203.0.113.7");
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient("", 1)).toBeNull();
  });
});

describe("forged first entries behind one proxy (TRUST_PROXY=1, nginx's $proxy_add_x_forwarded_for)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => t?.close());

  it("counts one-time-code sends against the address the proxy saw, whatever the client wrote first", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= OTP_POLICY.sendsPerIpPerHourWithoutCaptcha; i++) {
      // The client writes a new address each time; nginx appends the one it saw (always the same).
      const forged = `198.51.100.${i + 1}, 203.0.113.50`;
      statuses.push((await t.post({ event_name: "login", mobile: randomMobile() }, { headers: { "x-forwarded-for": forged } })).body.Status);
    }
    expect(statuses.slice(0, OTP_POLICY.sendsPerIpPerHourWithoutCaptcha)).toEqual(Array(OTP_POLICY.sendsPerIpPerHourWithoutCaptcha).fill(1));
    expect(statuses.at(-1)).not.toBe(1);
    // Another real address is not held up by the first one's count.
    expect((await t.post({ event_name: "login", mobile: randomMobile() }, { headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.51" } })).body.Status).toBe(
      1,
    );
  });
});
