// Issue 34: the Cloud API's webhook body, read into our events. Meta posts
// {"object":"whatsapp_business_account","entry":[{"id":WABA id,"changes":[{"field":"messages","value":{
//   "messaging_product":"whatsapp","metadata":{…},"statuses":[{"id":wamid,"status","timestamp","recipient_id","errors":[…]}],
//   "contacts":[…],"messages":[{"from","id","timestamp","type","text":{"body"}}]}}]}]}.
// Other fields (template status updates, account updates) and other statuses are read as nothing.
import * as z from "zod";

export type WhatsAppDeliveryStatus = "sent" | "delivered" | "read" | "failed";

export type WhatsAppEvent =
  | { kind: "status"; wamid: string; status: WhatsAppDeliveryStatus; at: Date; recipient: string; errorCode: number | null; errorTitle: string | null }
  | { kind: "message"; wamid: string; from: string; type: string; text: string | null; at: Date };

const seconds = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]).transform((s) => new Date(Number(s) * 1000));
const text = z.string().max(4096);

const status = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  timestamp: seconds,
  recipient_id: z.string().max(40).default(""),
  errors: z.array(z.object({ code: z.number().int().optional(), title: text.optional(), message: text.optional() })).optional(),
});

const message = z.object({
  from: z.string().min(1).max(40),
  id: z.string().min(1).max(200),
  timestamp: seconds,
  type: z.string().max(40),
  text: z.object({ body: text }).optional(),
  button: z.object({ text: text.optional() }).optional(),
  interactive: z.object({ button_reply: z.object({ title: text.optional() }).optional() }).optional(),
});

const payload = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({ statuses: z.array(z.unknown()).optional(), messages: z.array(z.unknown()).optional() }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

const DELIVERY: readonly string[] = ["sent", "delivered", "read", "failed"];

/**
 * The events in a webhook body, or null when it is not JSON at all. A status or message
 * that cannot be read is left out and the rest are kept: Meta batches several in one delivery.
 */
export function parseWhatsAppWebhook(rawBody: string): WhatsAppEvent[] | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  // JSON of another shape (another object, a test ping) is acknowledged with nothing to do.
  const parsed = payload.safeParse(json);
  if (!parsed.success) return [];
  const events: WhatsAppEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== "messages") continue;
      for (const item of change.value.statuses ?? []) {
        const s = status.safeParse(item);
        if (!s.success || !DELIVERY.includes(s.data.status)) continue;
        const error = s.data.errors?.[0];
        events.push({
          kind: "status",
          wamid: s.data.id,
          status: s.data.status as WhatsAppDeliveryStatus,
          at: s.data.timestamp,
          recipient: s.data.recipient_id,
          errorCode: error?.code ?? null,
          errorTitle: (error?.title ?? error?.message ?? null)?.slice(0, 300) ?? null,
        });
      }
      for (const item of change.value.messages ?? []) {
        const m = message.safeParse(item);
        if (!m.success) continue;
        const body = m.data.text?.body ?? m.data.button?.text ?? m.data.interactive?.button_reply?.title ?? null;
        events.push({ kind: "message", wamid: m.data.id, from: m.data.from, type: m.data.type, text: body, at: m.data.timestamp });
      }
    }
  }
  return events;
}

/** A reply that asks us to stop: STOP, UNSUBSCRIBE, STOP ALL … or the Hindi words for stop, alone in the message. */
export function isStopReply(text: string | null): boolean {
  if (!text) return false;
  const word = text
    .trim()
    .replace(/[.!।\s]+$/u, "")
    .toLowerCase();
  return ["stop", "stop all", "unsubscribe", "stop whatsapp", "रोकें", "बंद करें", "बंद"].includes(word);
}
