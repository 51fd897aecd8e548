// Issue 33: the ICE servers handed to a video KYC call's browsers. A TURN entry configured without its own
// credentials gets time-limited ones minted from the shared secret, as coturn's `use-auth-secret` checks
// them (the TURN REST convention): the username is "{expiry in Unix seconds}:{subject}" and the credential
// base64(HMAC-SHA1(secret, username)). The subject is the call's session id: nothing personal goes to TURN.
import { createHmac } from "node:crypto";
import type { IceSettings } from "../../env.ts";

/** How long minted credentials hold: coturn checks them on every refresh, so they outlast a call by far. */
export const TURN_CREDENTIAL_SECONDS = 2 * 60 * 60;

/** RTCIceServer, as the browser's RTCPeerConnection takes it. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** The TURN REST credentials for a subject, valid until `now` + TURN_CREDENTIAL_SECONDS. */
export function turnCredentials(secret: string, subject: string, now: Date): { username: string; credential: string } {
  const expiry = Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_SECONDS;
  const username = `${expiry}:${subject}`;
  return { username, credential: createHmac("sha1", secret).update(username).digest("base64") };
}

/** The configured servers for one call, TURN entries without credentials given minted ones. */
export function iceServersFor(settings: IceSettings, subject: string, now: Date): IceServer[] {
  return settings.servers.map((s) => {
    if (s.username || !settings.turnSecret || !s.urls.some((u) => u.startsWith("turn"))) return { ...s, urls: [...s.urls] };
    return { urls: [...s.urls], ...turnCredentials(settings.turnSecret, subject, now) };
  });
}
