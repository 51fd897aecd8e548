// Issue 33: CKYC in the journey. Once the PAN is verified the customer may have CKYCR searched by it (with
// consent to purpose ckyc after its notice), download a found record by date of birth or CKYCR's code,
// confirm or decline each filled field, and give the father's or spouse's name CKYCR's record needs.
import * as z from "zod";
import * as P from "./paths.ts";
import { type ApiRoute, ownedBody } from "./api-route.ts";

const filled = z.object({
  name: z.string(),
  relative_name: z.string().nullable(),
  gender: z.enum(["M", "F", "T"]),
  dob: z.string(),
  email: z.string().nullable(),
  address: z.object({ lines: z.array(z.string()), city: z.string(), state_code: z.string(), pincode: z.string() }),
});

/** What the customer sees of their CKYC state: the identifier masked until they confirm. */
export const ckycReply = z.object({
  searched: z.boolean(),
  found: z.boolean(),
  masked_ckyc_number: z.string().nullable(),
  to_confirm: filled.nullable(),
  confirmed: z.boolean(),
  relative: z.object({ kind: z.enum(["father", "spouse"]), name: z.string() }).nullable(),
  needs_relative: z.boolean(),
});

const tick = z.union([z.literal(1), z.literal("1"), z.literal(0), z.literal("0")]).optional();
const text = (max: number) => z.string().trim().max(max).optional();

export const ckycRoutes = {
  getCkyc: {
    ...P.API_ROUTES.getCkyc,
    access: "session",
    answer: "envelope",
    summary: "Issue 33: the customer's CKYC state: searched, found (the identifier masked), fields waiting to be confirmed, the father's or spouse's name.",
    input: ownedBody,
    reply: ckycReply,
  },
  searchCkyc: {
    ...P.API_ROUTES.searchCkyc,
    access: "session",
    answer: "envelope",
    summary: "Issue 33: searches CKYCR by the verified PAN, with consent to purpose ckyc (consent: 1 after the notice; 0 refuses).",
    input: ownedBody.extend({ consent: tick }),
    reply: ckycReply,
  },
  sendCkycCode: {
    ...P.API_ROUTES.sendCkycCode,
    access: "session",
    answer: "envelope",
    summary: "Issue 33: asks CKYCR to send its download code to the mobile its record holds; answers that mobile masked.",
    input: ownedBody,
    reply: z.object({ sent_to: z.string() }),
  },
  downloadCkyc: {
    ...P.API_ROUTES.downloadCkyc,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 33: downloads the found record with the date of birth (dob, YYYY-MM-DD) or CKYCR's 6-digit code (code); the fields come back to be confirmed.",
    input: ownedBody.extend({ dob: text(10), code: text(6) }),
    reply: ckycReply,
  },
  confirmCkyc: {
    ...P.API_ROUTES.confirmCkyc,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 33: the customer confirms (accept: 1, with relative_kind father or spouse when a name is filled) or declines (accept: 0) the downloaded fields.",
    input: ownedBody.extend({ accept: z.union([z.literal(1), z.literal("1"), z.literal(0), z.literal("0")]), relative_kind: text(10) }),
    reply: ckycReply,
  },
  setCkycRelative: {
    ...P.API_ROUTES.setCkycRelative,
    access: "session",
    answer: "envelope",
    summary: "Issue 33: the father's or spouse's name CKYCR's record needs (relative_kind father or spouse, relative_name).",
    input: ownedBody.extend({ relative_kind: text(10), relative_name: text(200) }),
    reply: ckycReply,
  },
  getCkycPrefill: {
    ...P.API_ROUTES.getCkycPrefill,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 33: what the customer's confirmed CKYC record fills on the personal-details and address forms, under the forms' field names; only fields the customer has not saved. Empty before they confirm.",
    input: ownedBody,
    reply: z.object({
      gender: z.string().optional(),
      personal_email: z.string().optional(),
      dob: z.string().optional(),
      spouse_name: z.string().optional(),
      residence_address_1: z.string().optional(),
      residence_address_2: z.string().optional(),
      residence_pincode: z.string().optional(),
    }),
  },
} satisfies Record<string, ApiRoute>;
