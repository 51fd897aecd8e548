// Issue 33: the video KYC call's ICE servers from configuration, and TURN credentials minted as coturn's
// use-auth-secret checks them. The credential below was worked out apart from this code:
//   printf '%s' '1795953600:5f0c8a2e-…' | openssl dgst -sha1 -hmac 'coturn-shared-secret-2026' -binary | base64
import { describe, expect, it } from "vitest";
import { iceProblems, iceSettings } from "../../env-ice.ts";
import { iceServersFor, turnCredentials } from "./ice-servers.ts";

const SESSION = "5f0c8a2e-1d3b-4c6a-9e7f-2a4b6c8d0e1f";
const SECRET = "coturn-shared-secret-2026";
// 29 Nov 2026 10:00 UTC is 1795946400 in Unix seconds; two hours later, 1795953600.
const AT = new Date("2026-11-29T10:00:00Z");

describe("TURN REST credentials", () => {
  it("names the expiry two hours on and the session, signed with HMAC-SHA1 of the shared secret", () => {
    expect(turnCredentials(SECRET, SESSION, AT)).toEqual({
      username: `1795953600:${SESSION}`,
      credential: "4heJRjCJ/1IhcC2C28ezDRlj2JM=",
    });
  });

  it("mints them for a TURN entry without its own, and passes STUN and fixed credentials as they are", () => {
    const settings = iceSettings({
      ICE_SERVERS: JSON.stringify([
        { urls: "stun:turn.salaryontime.in:3478" },
        { urls: ["turn:turn.salaryontime.in:3478?transport=udp", "turns:turn.salaryontime.in:5349"] },
        { urls: "turn:backup.example.in:3478", username: "office", credential: "fixed-password" },
      ]),
      TURN_SECRET: SECRET,
    });
    expect(iceServersFor(settings, SESSION, AT)).toEqual([
      { urls: ["stun:turn.salaryontime.in:3478"] },
      {
        urls: ["turn:turn.salaryontime.in:3478?transport=udp", "turns:turn.salaryontime.in:5349"],
        username: `1795953600:${SESSION}`,
        credential: "4heJRjCJ/1IhcC2C28ezDRlj2JM=",
      },
      { urls: ["turn:backup.example.in:3478"], username: "office", credential: "fixed-password" },
    ]);
  });

  it("is empty unset: the browsers use their host candidates", () => {
    expect(iceProblems({})).toEqual([]);
    expect(iceServersFor(iceSettings({}), SESSION, AT)).toEqual([]);
  });
});

describe("ICE_SERVERS checked at boot", () => {
  it("refuses what is not a list of ICE servers, half credentials, and TURN with neither credentials nor a secret", () => {
    expect(iceProblems({ ICE_SERVERS: "stun:x" })).toEqual(["  ICE_SERVERS: must be JSON: a list of {urls, username?, credential?}"]);
    expect(iceProblems({ ICE_SERVERS: '[{"urls": "http://turn.example.in"}]' })[0]).toMatch(/stun:, stuns:, turn: or turns:/);
    expect(iceProblems({ ICE_SERVERS: '[{"urls": "turn:t.example.in", "username": "u"}]' })).toEqual([
      "  ICE_SERVERS: give an entry's username and credential together, or neither",
    ]);
    expect(iceProblems({ ICE_SERVERS: '[{"urls": "turn:t.example.in"}]' })).toEqual([
      "  ICE_SERVERS: a TURN entry needs its username and credential, or TURN_SECRET to mint them",
    ]);
    expect(iceProblems({ ICE_SERVERS: '[{"urls": "turn:t.example.in"}]', TURN_SECRET: SECRET })).toEqual([]);
  });
});
