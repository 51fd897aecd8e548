// Issue 32: where our signed callbacks go. A buyer app (BAP) takes each answer as POST {bap_uri}/on_<action>
// and answers at once with ACK or NACK. The port posts exactly the bytes it is given with the headers it is
// given; signing, retries and the outbox are the ONDC module's (server/modules/ondc/outbox.ts). The
// production adapter is http.ts (fetch); tests pass a fake or point it at a local HTTP server.

export interface CallbackRequest {
  url: string;
  /** The body's exact bytes, as signed. */
  body: Uint8Array;
  /** Our Authorization header over those bytes. */
  authorization: string;
}

export interface CallbackResponse {
  status: number;
  /** The buyer app's answer as text (at most a few kilobytes are kept). */
  text: string;
}

export interface OndcCallbackPort {
  /** The buyer app's answer; throws on a timeout or a network error (refused, reset, unknown host). */
  post(request: CallbackRequest): Promise<CallbackResponse>;
}
