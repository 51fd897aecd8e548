// Issue 33: the ICE servers a video KYC call's two browsers use to reach each other (STUN to learn their
// public address, TURN to relay when a network allows nothing direct), validated by server/env.ts with the
// rest (this file reads no environment of its own). ICE_SERVERS is JSON, as the browser's RTCIceServer list.
// A TURN entry without its own username and credential gets time-limited ones minted from TURN_SECRET, the
// shared secret of coturn's `use-auth-secret` (the TURN REST convention). Unset: none, so the browsers use
// their host candidates, which is enough on one machine or one network (localhost, the tests).
import { z } from "zod";

export const ICE_VARIABLES = {
  /** JSON: `[{"urls": "stun:turn.example.in:3478"}, {"urls": ["turn:turn.example.in:3478?transport=udp", "turns:turn.example.in:5349"]}]`. */
  ICE_SERVERS: z.string().min(1).optional(),
  /** coturn's `static-auth-secret`: TURN entries without a username get time-limited ones (video-kyc/ice-servers.ts). */
  TURN_SECRET: z.string().min(16, "must be at least 16 characters (coturn's static-auth-secret)").optional(),
};

type IceVariables = { ICE_SERVERS?: string; TURN_SECRET?: string };

const URL_SCHEMES = /^(stun|stuns|turn|turns):[^\s]+$/;

const iceServer = z
  .object({
    urls: z.union([z.string().regex(URL_SCHEMES), z.array(z.string().regex(URL_SCHEMES)).min(1)]),
    username: z.string().min(1).optional(),
    credential: z.string().min(1).optional(),
  })
  .strict();

export interface IceServerSetting {
  urls: string[];
  /** Fixed credentials from the configuration, or none (minted from TURN_SECRET for a TURN entry). */
  username?: string;
  credential?: string;
}

export interface IceSettings {
  servers: IceServerSetting[];
  turnSecret: string | null;
}

const isTurn = (s: IceServerSetting) => s.urls.some((u) => u.startsWith("turn"));

function parse(raw: string | undefined): IceServerSetting[] | string {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return "must be JSON: a list of {urls, username?, credential?}";
  }
  const list = z.array(iceServer).safeParse(json);
  if (!list.success) return "must be a list of {urls, username?, credential?} with stun:, stuns:, turn: or turns: addresses";
  return list.data.map((s) => ({ ...s, urls: typeof s.urls === "string" ? [s.urls] : s.urls }));
}

/** What is wrong with the ICE settings, as env.ts lists problems. */
export function iceProblems(parsed: IceVariables): string[] {
  const servers = parse(parsed.ICE_SERVERS);
  if (typeof servers === "string") return [`  ICE_SERVERS: ${servers}`];
  const half = servers.find((s) => Boolean(s.username) !== Boolean(s.credential));
  if (half) return ["  ICE_SERVERS: give an entry's username and credential together, or neither"];
  if (!parsed.TURN_SECRET && servers.some((s) => isTurn(s) && !s.username))
    return ["  ICE_SERVERS: a TURN entry needs its username and credential, or TURN_SECRET to mint them"];
  return [];
}

/** The ICE settings as resolved once (call iceProblems first). */
export function iceSettings(parsed: IceVariables): IceSettings {
  const servers = parse(parsed.ICE_SERVERS);
  return { servers: typeof servers === "string" ? [] : servers, turnSecret: parsed.TURN_SECRET ?? null };
}
