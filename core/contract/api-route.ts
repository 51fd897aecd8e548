// The shape every API route has (method, prefix, access, answer, input, reply) and the small input
// pieces several areas share. The routes themselves are in api-*.ts, joined in api.ts.
import * as z from "zod";
import { payAmountCheck, schema } from "../validation/index.ts";
import * as R from "./replies.ts";

export type ApiAnswer =
  /** {Status, Message, Data}: `reply` is the Data. */
  | "envelope"
  /** {Status, Message, data} (spec 7's blog calls read lower-case data): `reply` is the data. */
  | "envelope-lower-data"
  /** A file download (the owner's own), or the envelope on failure. */
  | "file"
  /** A 302/303 redirect for a browser. */
  | "redirect"
  /** A page or a document of its own (the reference, the OpenAPI JSON). */
  | "document";

export interface ApiRoute {
  method: "GET" | "POST";
  prefix: string;
  /** Other prefixes the same route answers under. */
  aliasPrefixes?: readonly string[];
  path: string;
  summary: string;
  /** public; session (cookie or app token); provider (an outside service calls it, signed); staff (the back office's staff cookie and role). */
  access: "public" | "session" | "provider" | "staff";
  answer: ApiAnswer;
  input: z.ZodType;
  /** What the reference shows when `input` is a transform JSON Schema cannot show. */
  documentedInput?: z.ZodType;
  reply: z.ZodType;
  /** For files and documents: the content type of a successful answer. */
  contentType?: string;
}

export const LEAD_ID_REQUIRED = "lead_id is required.";
export const LEAD_ID_INVALID = "lead_id is not valid.";

/** POST bodies beside the journey: a profile_id, when sent, must be the session's own (decision 20). */
export const ownedBody = z.object({ profile_id: z.string().nullish() });
export const leadId = z.string({ error: LEAD_ID_REQUIRED }).trim().min(1, LEAD_ID_REQUIRED).max(64, LEAD_ID_REQUIRED);

export const OTP_REF_REQUIRED = "Please request a new OTP.";
export const otpRef = z.string({ error: OTP_REF_REQUIRED }).trim().min(1, OTP_REF_REQUIRED).max(64, OTP_REF_REQUIRED);
export const gatewayId = z.string().trim().min(1).max(100);
export const shortText = (max: number) => z.string().trim().min(1).max(max);
export const amountInput = schema(payAmountCheck);

export const unionOf = (schemas: z.ZodType[]) => z.union([...new Set(schemas)] as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);

export const file = (contentType: string) => ({ answer: "file" as const, reply: R.noData, contentType });
export const redirect = { answer: "redirect" as const, reply: R.noData };
