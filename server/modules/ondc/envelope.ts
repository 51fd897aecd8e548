// Issue 32: our own check of a request's envelope, {context, message}, before anything is recorded. Only
// what every FIS12 2.0.1 request shares is checked here; each action's message is the flows' business
// (next step), checked against the spec's schemas in tests.
import { z } from "zod";

/** What a buyer app may ask of a lender (BPP), each at POST /ondc/<action>. */
export const ONDC_REQUEST_ACTIONS = ["search", "select", "init", "confirm", "status", "update", "cancel"] as const;
export type OndcRequestAction = (typeof ONDC_REQUEST_ACTIONS)[number];

export const ONDC_DOMAIN = "ONDC:FIS12";
export const ONDC_VERSION = "2.0.1";

/** ISO 8601 durations such as PT10M, PT30S, P1D. */
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
/** RFC 3339 date-time (the spec's `format: date-time`), with its zone. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const id = z.string().trim().min(1).max(255);
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const ondcContextSchema = z.object({
  domain: z.literal(ONDC_DOMAIN),
  version: z.literal(ONDC_VERSION),
  action: z.enum(ONDC_REQUEST_ACTIONS),
  location: z.object({ country: z.object({ code: z.string().min(1) }), city: z.object({ code: z.string().min(1) }) }).optional(),
  bap_id: id,
  bap_uri: httpUrl,
  bpp_id: id.optional(),
  bpp_uri: httpUrl.optional(),
  transaction_id: id,
  message_id: id,
  timestamp: z
    .string()
    .regex(DATE_TIME, "must be an RFC 3339 date-time")
    .refine((v) => !Number.isNaN(Date.parse(v)), "must be a real date-time"),
  ttl: z.string().regex(ISO_DURATION, "must be an ISO 8601 duration"),
});

export const ondcRequestSchema = z.object({ context: ondcContextSchema, message: z.looseObject({}) });

export type OndcContext = z.infer<typeof ondcContextSchema>;
export type OndcRequest = z.infer<typeof ondcRequestSchema>;
