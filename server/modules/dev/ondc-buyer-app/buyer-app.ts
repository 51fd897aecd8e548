// Issue 32: the sandbox buyer app (BAP) at /dev/ondc, so a person can try the product through ONDC in a
// browser. It is a buyer app as the network sees one: it signs its requests with its own key (listed by the
// sandbox registry), sends them over HTTP to our bpp_uri, and takes our callbacks at its subscriber URL,
// checking each signature against the registry before it ACKs. What it sent and received is kept per
// transaction in the sandbox store (the database), so any instance shows it. Sandbox mode only.
import { randomUUID } from "node:crypto";
import type { OndcIdentity } from "../../../env.ts";
import type { OndcCallbackPort } from "../../../providers/ondc-callbacks/port.ts";
import { currentParticipant, type OndcRegistryPort } from "../../../providers/ondc-registry/port.ts";
import type { SandboxStore } from "../../../providers/sandbox-store.ts";
import { finderFeePaise } from "../../../../core/ondc/finder-fee.ts";
import {
  confirmRequest,
  FINDER_FEE_PERCENTAGE,
  initRequest,
  SANDBOX_BUYER_APP_BASE,
  searchRequest,
  selectRequest,
  updateRequest,
  consentApprovedRequest,
  cancelRequest,
} from "./buyer-requests.ts";
import { authorizationHeader, parseAuthorization, signatureMatches, signatureWindow, signingKeyFromBase64, type Signer } from "../../ondc/signing.ts";

import { get, nextStep, parse } from "./buyer-app-steps.ts";

export { SANDBOX_BUYER_APP_BASE } from "./buyer-requests.ts";
export { nextStep, type NextStep } from "./buyer-app-steps.ts";
const KIND = "ondc-buyer-app-transaction";
const WEEK_MS = 7 * 24 * 3_600_000;

export interface BuyerAppMessage {
  /** "form": a lender's text/html form submitted through the buyer app (action = the form's id, body = its answer). */
  direction: "out" | "in" | "form";
  action: string;
  at: string;
  body: string;
  /** Out: the lender's synchronous answer. In: "verified", or why the signature was refused. */
  result: string;
  /** The search: the person chose the flow with account aggregator (F01's aa_id is their handle there). */
  withAccountAggregator?: boolean;
}

interface Transaction {
  /** A version, bumped on each change: appends are compare-and-swap, so two callbacks at once both land. */
  status: string;
  startedAt: string;
  messages: BuyerAppMessage[];
}

export interface BuyerAppDeps {
  identity: OndcIdentity;
  origin: string;
  /** Our bpp_uri: where the buyer app sends its requests. */
  lenderUri: string;
  registry: OndcRegistryPort;
  /** Signed JSON over HTTP (the same port the lender's callbacks use). */
  transport: OndcCallbackPort;
  store: SandboxStore;
  now: () => Date;
  /** How the buyer app reads and submits a lender's text/html form (fetch; tests carry it in process). */
  fetchForm?: typeof fetch;
}

/** What a buyer app does next in a transaction, read from its messages (the latest verified callback). */
const SUBMISSION_META = /<meta name="ondc-submission-id" content="([0-9a-f-]{36})">/;

/** The submission id in a lender's answer to a form post: ONDC's JSON `{submission_id}`, or our done page's meta tag. */
function submissionIdIn(contentType: string | null, text: string): unknown {
  return (contentType ?? "").includes("json") ? get(parse(text), "submission_id") : text.match(SUBMISSION_META)?.[1];
}

/** The lender, its provider and item, as its verified on_search named them. */
function lenderOf(messages: BuyerAppMessage[]) {
  const onSearch = parse(messages.findLast((m) => m.direction === "in" && m.action === "on_search" && m.result === "verified")?.body ?? "");
  const provider = get(onSearch, "message", "catalog", "providers", 0);
  return {
    bppId: String(get(onSearch, "context", "bpp_id")),
    bppUri: String(get(onSearch, "context", "bpp_uri")),
    providerId: String(get(provider, "id")),
    itemId: String(get(provider, "items", 0, "id")),
  };
}

/** A transaction's messages in the sandbox store, changed by compare-and-swap on its version. */
function transactionLog(store: SandboxStore) {
  /** Changes a transaction by compare-and-swap on its version, so two callbacks at once both land. */
  async function change(transactionId: string, edit: (messages: BuyerAppMessage[]) => BuyerAppMessage[], first?: BuyerAppMessage): Promise<number> {
    for (let tries = 0; tries < 20; tries++) {
      const current = await store.get<Transaction>(KIND, transactionId);
      if (!current) {
        if (!first) throw new Error("The sandbox buyer app has no such transaction.");
        if (await store.add(KIND, transactionId, { status: "v1", startedAt: first.at, messages: [first] }, WEEK_MS)) return 0;
        continue;
      }
      const messages = edit(current.messages);
      const next: Transaction = { ...current, status: `v${Number(current.status.slice(1)) + 1}`, messages };
      if (await store.swap(KIND, transactionId, current.status, next)) return messages.length - 1;
    }
    throw new Error("The sandbox buyer app could not record a message: too many at once.");
  }

  /** Adds a message at the end; its place in the transaction. */
  const append = (transactionId: string, message: BuyerAppMessage) => change(transactionId, (messages) => [...messages, message], message);
  return { change, append };
}

/** What a request's record says besides the message (the search's flow). */
type Mark = Pick<BuyerAppMessage, "withAccountAggregator">;

export function createSandboxBuyerApp(deps: BuyerAppDeps) {
  const { identity, store, now } = deps;
  const signer: Signer = { subscriberId: identity.subscriberId, uniqueKeyId: identity.uniqueKeyId, key: signingKeyFromBase64(identity.signingPrivateKey) };
  const bapUri = `${deps.origin}${SANDBOX_BUYER_APP_BASE}`;

  const { change, append } = transactionLog(store);

  /**
   * Records a request before it goes, then its synchronous answer: the lender may call back before it
   * answers (its outbox sends right after its commit), and the page lists what happened in that order.
   */
  async function sendRecorded(transactionId: string, action: string, url: string, body: string, at: Date, mark: Mark = {}): Promise<string> {
    const place = await append(transactionId, { direction: "out", action, at: at.toISOString(), body, result: "sent", ...mark });
    const answer = await send(url, Buffer.from(body), at);
    await change(transactionId, (messages) => messages.map((m, i) => (i === place ? { ...m, result: answer } : m)));
    return answer;
  }

  const send = (url: string, bytes: Uint8Array, at: Date) => postSigned(deps, signer, url, bytes, at);
  const verify = (authorization: string | undefined, body: Uint8Array) => verifyCallback(deps, authorization, body);

  return {
    /** Sends a signed search for a personal loan; the transaction's id, to follow its answers. */
    async search(options: { withAccountAggregator?: boolean } = {}): Promise<{ transactionId: string; answer: string }> {
      const transactionId = randomUUID();
      const at = now();
      const body = JSON.stringify(searchRequest({ transactionId, messageId: randomUUID(), at, bapId: identity.subscriberId, bapUri, origin: deps.origin }));
      const mark = options.withAccountAggregator ? { withAccountAggregator: true } : {};
      const answer = await sendRecorded(transactionId, "search", `${deps.lenderUri}/search`, body, at, mark);
      return { transactionId, answer };
    },

    /** A callback from a lender: recorded with its signature's result; ACK only when it verifies. */
    async receive(action: string, body: Uint8Array, authorization: string | undefined): Promise<{ status: 200 | 400 | 401; ack: boolean }> {
      const result = await verify(authorization, body);
      let transactionId: unknown;
      try {
        transactionId = (JSON.parse(Buffer.from(body).toString("utf8")) as { context?: { transaction_id?: unknown } }).context?.transaction_id;
      } catch {
        return { status: 400, ack: false };
      }
      if (typeof transactionId !== "string" || !/^[\w-]{1,100}$/.test(transactionId)) return { status: 400, ack: false };
      await append(transactionId, { direction: "in", action, at: now().toISOString(), body: Buffer.from(body).toString("utf8"), result });
      return result === "verified" ? { status: 200, ack: true } : { status: 401, ack: false };
    },

    transaction: (transactionId: string) => store.get<Transaction>(KIND, transactionId),

    /**
     * The lender's text/html form, rendered by the buyer app as ONDC's xinput asks (README §3): the buyer app
     * reads the form from its address, shows it with its posts coming back to the buyer app, and submits each
     * post to the lender's action itself. When the lender's answer carries the submission id (our done page's
     * meta tag, or ONDC's JSON `{submission_id}`), the buyer app keeps it for the select that quotes it.
     */
    async form(
      transactionId: string,
      post?: { to: string; contentType: string; body: Uint8Array },
      /** The person's Accept-Language, passed on so the lender's page can speak their language. */
      acceptLanguage?: string,
    ): Promise<{ kind: "page"; status: number; html: string } | { kind: "submitted"; submissionId: string } | { kind: "none" }> {
      const transaction = await store.get<Transaction>(KIND, transactionId);
      const step = transaction ? nextStep(transaction.messages) : null;
      if (!step || step.kind !== "fill") return { kind: "none" };
      const formUrl = new URL(step.url);
      let target = formUrl;
      if (post) {
        target = new URL(post.to, formUrl);
        if (target.origin !== formUrl.origin) return { kind: "none" };
      }
      const fetchForm = deps.fetchForm ?? fetch;
      const response = await fetchForm(target, {
        method: post ? "POST" : "GET",
        headers: {
          accept: "text/html",
          ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}),
          ...(post ? { "content-type": post.contentType } : {}),
        },
        ...(post ? { body: post.body as Uint8Array<ArrayBuffer> } : {}),
        redirect: "manual",
      });
      const text = await response.text();
      const submissionId = submissionIdIn(response.headers.get("content-type"), text);
      if (post && typeof submissionId === "string" && submissionId) {
        await append(transactionId, {
          direction: "form",
          action: step.formId,
          at: now().toISOString(),
          body: JSON.stringify({ submission_id: submissionId }),
          result: "submitted",
        });
        return { kind: "submitted", submissionId };
      }
      return {
        kind: "page",
        status: response.status,
        html: rehost(text, formUrl, `${deps.origin}${SANDBOX_BUYER_APP_BASE}/transactions/${transactionId}/form`),
      };
    },

    /** Sends the signed select or init that quotes the form's submission (the next step's), to the lender's bpp_uri. */
    async proceed(transactionId: string): Promise<{ sent: boolean; answer?: string }> {
      const transaction = await store.get<Transaction>(KIND, transactionId);
      const step = transaction ? nextStep(transaction.messages) : null;
      if (!transaction || !step || step.kind !== "send") return { sent: false };
      const lender = lenderOf(transaction.messages);
      const at = now();
      const quoted = {
        transactionId,
        messageId: randomUUID(),
        at,
        bapId: identity.subscriberId,
        bapUri,
        ...lender,
        formId: step.formId,
        status: step.status,
        submissionId: step.submissionId,
      };
      const withTerms = { ...quoted, origin: deps.origin, settlementAmount: finderFeeOf(transaction.messages) };
      const body = JSON.stringify(
        step.action === "select"
          ? selectRequest(quoted)
          : step.action === "init"
            ? initRequest(withTerms)
            : confirmRequest({ ...withTerms, lenderTerms: lenderSettlementTerms(transaction.messages) }),
      );
      const answer = await sendRecorded(transactionId, step.action, `${lender.bppUri.replace(/\/$/, "")}/${step.action}`, body, at);
      return { sent: true, answer };
    },

    /**
     * Asks the lender about the order by a signed update (a payment: close it, part of it, or the overdue; `label`)
     * or cancel (no label); `CONSENT_APPROVED`: FIS12 flow 01's approval of the monitoring consent (update of the fulfillments).
     */
    async service(transactionId: string, label: string | null, amount?: string): Promise<{ sent: boolean; answer?: string }> {
      const transaction = await store.get<Transaction>(KIND, transactionId);
      const step = transaction ? nextStep(transaction.messages) : null;
      if (!transaction || !step || step.kind !== "confirmed" || !step.orderId) return { sent: false };
      const lender = lenderOf(transaction.messages);
      const at = now();
      const base = { transactionId, messageId: randomUUID(), at, bapId: identity.subscriberId, bapUri, ...lender, orderId: step.orderId };
      const action = label === null ? "cancel" : "update";
      const body = JSON.stringify(serviceRequest(base, label, amount));
      const answer = await sendRecorded(transactionId, action, `${lender.bppUri.replace(/\/$/, "")}/${action}`, body, at);
      return { sent: true, answer };
    },
  };
}

/** A cancel (no label), FIS12 flow 01's monitoring-consent approval (CONSENT_APPROVED), or a payment asked by update. */
function serviceRequest(base: Parameters<typeof cancelRequest>[0], label: string | null, amount?: string) {
  if (label === null) return cancelRequest(base);
  return label === "CONSENT_APPROVED" ? consentApprovedRequest(base) : updateRequest({ ...base, label, amount });
}

/** The settlement terms the lender's latest on_init stated (the confirm repeats the lender's own). */
function lenderSettlementTerms(messages: BuyerAppMessage[]): { descriptor: { code: string }; value: string }[] {
  const onInit = parse(messages.findLast((m) => m.direction === "in" && m.action === "on_init" && m.result === "verified")?.body ?? "");
  const tags =
    (get(onInit, "message", "order", "payments", 0, "tags") as { descriptor: { code: string }; list?: { descriptor: { code: string }; value: string }[] }[]) ??
    [];
  return tags.find((t) => t.descriptor.code === "SETTLEMENT_TERMS")?.list ?? [];
}

/** Our finder fee for the offer the lender made (its latest quote's principal and term), as the init states it. */
function finderFeeOf(messages: BuyerAppMessage[]): string {
  const offer = parse(
    messages.findLast((m) => m.direction === "in" && m.action === "on_select" && m.result === "verified" && get(parse(m.body), "message", "order", "quote"))
      ?.body ?? "",
  );
  const order = get(offer, "message", "order");
  const breakup = (get(order, "quote", "breakup") as { title: string; price: { value: string } }[] | undefined) ?? [];
  const principal = breakup.find((l) => l.title === "PRINCIPAL")?.price.value ?? "0";
  const info = (get(order, "items", 0, "tags", 0, "list") as { descriptor: { code: string }; value: string }[] | undefined) ?? [];
  const days = Number.parseInt(info.find((i) => i.descriptor.code === "TERM")?.value ?? "0", 10);
  const fee = finderFeePaise({ principalPaise: Math.round(Number(principal) * 100), percentage: FINDER_FEE_PERCENTAGE, tenureDays: days }) ?? 0;
  return (fee / 100).toFixed(2);
}

/** The lender's page shown by the buyer app: its relative addresses resolved at the lender, its forms posting back here. */
function rehost(html: string, formUrl: URL, proxy: string): string {
  const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const decode = (s: string) =>
    s
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  return html
    .replace(/<head>/i, `<head><base href="${escapeAttr(formUrl.href)}">`)
    .replace(/(<form\b[^>]*\baction=")([^"]*)(")/gi, (_, open: string, action: string, close: string) => {
      const to = new URL(decode(action) || formUrl.href, formUrl);
      return `${open}${escapeAttr(`${proxy}?to=${encodeURIComponent(to.pathname + to.search)}`)}${close}`;
    });
}

/** Posts signed bytes to the lender; its synchronous answer as text ("no answer: …" when none came). */
async function postSigned(deps: BuyerAppDeps, signer: Signer, url: string, bytes: Uint8Array, at: Date): Promise<string> {
  try {
    const response = await deps.transport.post({ url, body: bytes, authorization: authorizationHeader(bytes, signer, Math.floor(at.getTime() / 1000)) });
    return `${response.status} ${response.text}`;
  } catch (error) {
    return `no answer: ${error instanceof Error ? error.message : "unknown"}`;
  }
}

/** The lender's signature over the exact bytes, checked against the key the registry lists now. */
async function verifyCallback(deps: BuyerAppDeps, authorization: string | undefined, body: Uint8Array): Promise<string> {
  const parsed = parseAuthorization(authorization);
  if ("refused" in parsed) return `refused: ${parsed.refused}`;
  const at = deps.now();
  const window = signatureWindow(parsed, Math.floor(at.getTime() / 1000));
  if (window) return `refused: ${window}`;
  const query = { subscriberId: parsed.subscriberId, ukId: parsed.uniqueKeyId };
  const participant = currentParticipant(await deps.registry.lookup(query), query, at);
  if (!participant) return "refused: the registry lists no such key";
  return signatureMatches(parsed, body, participant.signingPublicKey) ? "verified" : "refused: bad-signature";
}

export type SandboxBuyerApp = ReturnType<typeof createSandboxBuyerApp>;
