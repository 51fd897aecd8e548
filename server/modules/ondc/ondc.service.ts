// Issue 32: a buyer app's request, received. In order: the signature over the exact bytes (against the key
// the registry lists now), then the envelope against our schema, then that the signer is the context's
// bap_id; only then is it recorded, once per message_id, and ACKed. A new message's answer (so far: search
// → on_search) is written to the outbox in the same transaction as its record, and tried once right after
// the commit; the delivery job retries it until the buyer app ACKs.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ondcMessages } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { currentParticipant, type OndcRegistryPort } from "../../providers/ondc-registry/port.ts";
import { answerTo, type Lender } from "./callbacks.ts";
import { invalidBody, invalidSignature, registryUnavailable, staleRequest, type OndcRefusal } from "./answers.ts";
import { ondcRequestSchema, type OndcContext, type OndcRequest, type OndcRequestAction } from "./envelope.ts";
import type { OndcOutbox } from "./outbox.ts";
import type { OndcSelect, PreparedAnswer } from "./select.ts";
import type { OndcInit } from "./init.ts";
import type { OndcConfirm } from "./confirm.ts";
import type { OndcStatus } from "./status.ts";
import type { OndcUpdate } from "./update.ts";
import type { OndcCancel } from "./cancel.ts";
import { parseAuthorization, signatureMatches, signatureWindow, type ParsedAuthorization, type SignatureRefusal } from "./signing.ts";

export interface InboundRequest {
  action: OndcRequestAction;
  /** The body's bytes exactly as received. */
  body: Uint8Array;
  authorization: string | undefined;
  /** The gateway's own signature on a search it relays; checked when present. */
  gatewayAuthorization: string | undefined;
}

export type InboundResult = { accepted: true; repeat: boolean; context: OndcContext } | { accepted: false; refusal: OndcRefusal };

const REFUSALS: Record<Exclude<SignatureRefusal, "unknown-key" | "wrong-sender">, () => OndcRefusal> = {
  missing: () => invalidSignature("The request is not signed: there is no Authorization header."),
  malformed: () => invalidSignature("The Authorization header is not an ONDC signature (keyId, algorithm, created, expires, headers, signature)."),
  algorithm: () => invalidSignature("Only ed25519 signatures are accepted."),
  expired: () => staleRequest("The signature has expired."),
  "not-yet-valid": () => staleRequest("The signature is dated ahead of our clock."),
  "bad-signature": () => invalidSignature("The signature does not match the body."),
};

export interface OndcServiceDeps {
  db: Db;
  now: () => Date;
  logger: Logger;
  registry: OndcRegistryPort;
  /** Who we are in our callbacks (subscriber id: a request naming another bpp_id is not for us). */
  lender: Lender;
  outbox: OndcOutbox;
  /** select → on_select (absent: a select is ACKed and not answered). */
  select?: OndcSelect;
  /** init → on_init (absent: an init is ACKed and not answered). */
  init?: OndcInit;
  /** confirm → on_confirm (absent: a confirm is ACKed and not answered). */
  confirm?: OndcConfirm;
  /** status → on_status (absent: a status is ACKed and not answered). */
  status?: OndcStatus;
  /** update → on_update, servicing by payments (absent: an update is ACKed and not answered). */
  update?: OndcUpdate;
  /** cancel → on_cancel: the application withdrawn, or the cooling-off exit (absent: a cancel is ACKed and not answered). */
  cancel?: OndcCancel;
}

export function createOndcService(deps: OndcServiceDeps) {
  const { db, now, logger, registry, lender, outbox, select, init, confirm, status, update, cancel } = deps;
  const { subscriberId } = lender;
  /** One signature header checked against the registry: the parsed header, or why it is refused. */
  async function checkSignature(header: string | undefined, body: Uint8Array, at: Date): Promise<ParsedAuthorization | OndcRefusal> {
    const parsed = parseAuthorization(header);
    if ("refused" in parsed) return REFUSALS[parsed.refused as keyof typeof REFUSALS]();
    const outOfWindow = signatureWindow(parsed, Math.floor(at.getTime() / 1000));
    if (outOfWindow) return REFUSALS[outOfWindow as keyof typeof REFUSALS]();
    const query = { subscriberId: parsed.subscriberId, ukId: parsed.uniqueKeyId };
    let participants;
    try {
      participants = await registry.lookup(query);
    } catch (error) {
      logger.warn("ondc registry lookup failed", { subscriberId: parsed.subscriberId, ukId: parsed.uniqueKeyId, error });
      return registryUnavailable();
    }
    const participant = currentParticipant(participants, query, at);
    if (!participant) return invalidSignature(`The registry lists no current key ${parsed.subscriberId}|${parsed.uniqueKeyId}.`);
    if (!signatureMatches(parsed, body, participant.signingPublicKey)) return REFUSALS["bad-signature"]();
    return parsed;
  }

  /** The body's text and envelope, or why it is refused. */
  function readEnvelope(
    action: OndcRequestAction,
    body: Uint8Array,
  ): { refusal: OndcRefusal; request?: undefined } | { refusal?: undefined; request: OndcRequest } {
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
    } catch {
      return { refusal: invalidBody("The body is not JSON in UTF-8.") };
    }
    const envelope = ondcRequestSchema.safeParse(value);
    if (!envelope.success) {
      const issues = envelope.error.issues.slice(0, 5).map((i) => ({ path: i.path.join(".") || "(body)", message: i.message }));
      const paths = [...new Set(issues.map((i) => i.path))].join(", ");
      return { refusal: invalidBody(`The request does not fit the envelope: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, paths) };
    }
    const { context } = envelope.data;
    if (context.action !== action)
      return { refusal: invalidBody(`context.action is "${context.action}" but the request came to /${action}.`, "context.action") };
    if (context.bpp_id !== undefined && context.bpp_id !== subscriberId)
      return { refusal: invalidBody("context.bpp_id names another lender.", "context.bpp_id") };
    return { request: envelope.data };
  }

  async function prepareAnswer(action: OndcRequestAction, request: OndcRequest, at: Date): Promise<PreparedAnswer | null> {
    if (action === "select") return select ? select(request, at) : null;
    if (action === "init") return init ? init(request, at) : null;
    if (action === "confirm") return confirm ? confirm(request, at) : null;
    if (action === "status") return status ? status(request, at) : null;
    if (action === "update") return update ? update(request, at) : null;
    if (action === "cancel") return cancel ? cancel(request, at) : null;
    const callback = answerTo(action, request, lender, at);
    return callback ? { callback } : null;
  }

  return {
    subscriberId,

    async receive(request: InboundRequest): Promise<InboundResult> {
      const at = now();
      const refuse = (refusal: OndcRefusal): InboundResult => {
        logger.info("ondc request refused", { action: request.action, code: refusal.error.code, reason: refusal.error.message });
        return { accepted: false, refusal };
      };
      const signed = await checkSignature(request.authorization, request.body, at);
      if ("error" in signed) return refuse(signed);
      if (request.gatewayAuthorization !== undefined) {
        const relayed = await checkSignature(request.gatewayAuthorization, request.body, at);
        if ("error" in relayed) return refuse(relayed);
      }
      const read = readEnvelope(request.action, request.body);
      if (read.refusal) return refuse(read.refusal);
      const { context } = read.request;
      if (signed.subscriberId !== context.bap_id) {
        return refuse(invalidSignature(`The request is signed by ${signed.subscriberId}, not by its bap_id ${context.bap_id}.`));
      }
      // The answer is worked out first (a select asks the quote service, which commits its own quote, as on the
      // website, and does the same again for a repeat); the callback and the state it reports are then written
      // with the message's record, in one transaction.
      const prepared = await prepareAnswer(request.action, read.request, at);
      const answered = await db.transaction(async (tx) => {
        const recorded = await tx
          .insert(ondcMessages)
          .values({
            direction: "in",
            action: request.action,
            transactionId: context.transaction_id,
            messageId: context.message_id,
            bapId: context.bap_id,
            bppId: context.bpp_id ?? null,
            keyId: `${signed.subscriberId}|${signed.uniqueKeyId}|ed25519`,
            signature: "verified",
            body: Buffer.from(request.body).toString("utf8"),
            receivedAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: ondcMessages.id });
        // A repeat is ACKed again and acted on once: its answer was written with the first.
        if (recorded.length === 0) return null;
        if (!prepared) return [];
        await prepared.record?.(tx);
        const id = await outbox.write(tx, prepared.callback);
        return id === null ? [] : [id];
      });
      if (answered) outbox.deliverSoon(answered);
      return { accepted: true, repeat: answered === null, context };
    },

    /** The messages of one transaction in the order received (the back office's view and the tests'). */
    async transaction(transactionId: string) {
      return db.select().from(ondcMessages).where(eq(ondcMessages.transactionId, transactionId)).orderBy(ondcMessages.receivedAt, ondcMessages.id);
    },
  };
}

export type OndcService = ReturnType<typeof createOndcService>;
