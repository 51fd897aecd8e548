// The borrower's complaints and data rights: raise and read complaints, consents, My data and its exports.
import * as P from "./paths.ts";
import * as z from "zod";
import { RIGHTS_TEXT_MAX } from "../data-rights/index.ts";
import { complaintSchema, publicComplaintSchema } from "../grievances.ts";
import * as R from "./replies.ts";
import { type ApiRoute, ownedBody, file } from "./api-route.ts";
import { zodError } from "../validation/field-errors.ts";
import { DATA_RIGHTS_CODES } from "../i18n/service-codes.ts";
import { saidByCode } from "../i18n/translate.ts";

/** Decision 60: the customer's refusals by code. */
const UNKNOWN_PURPOSE = zodError(saidByCode(DATA_RIGHTS_CODES.unknownPurpose));

export const rightsRoutes = {
  raiseComplaint: {
    ...P.API_ROUTES.raiseComplaint,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 22: the signed-in customer raises a complaint (a loan number, when given, must be their own); answers its reference, acknowledged by SMS and e-mail.",
    input: complaintSchema.extend({ profile_id: z.string().nullish() }),
    reply: R.complaintRaisedReply,
  },
  getComplaints: {
    ...P.API_ROUTES.getComplaints,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 22: the customer's complaints with our replies and notices, and the collections contacts made on their loans (with the recovery agent's name when made through one).",
    input: ownedBody,
    reply: R.complaintsReply,
  },
  raisePublicComplaint: {
    ...P.API_ROUTES.raisePublicComplaint,
    access: "public",
    answer: "envelope",
    summary: "Issue 22: anyone raises a complaint from the public page, with a mobile or e-mail and the enquiry form's captcha; answers its reference.",
    input: publicComplaintSchema,
    reply: R.complaintRaisedReply,
  },
  getMyData: {
    ...P.API_ROUTES.getMyData,
    access: "session",
    answer: "envelope",
    summary: "My data (issue 23): each purpose's notice and consent, how long loan records are kept, and the rights requests.",
    input: ownedBody,
    reply: R.myDataReply,
  },
  saveConsent: {
    ...P.API_ROUTES.saveConsent,
    access: "session",
    answer: "envelope",
    summary: "Gives or withdraws consent for one purpose, at once; a withdrawal also says what an open loan still keeps.",
    input: ownedBody.extend({
      purpose: z.string({ error: UNKNOWN_PURPOSE }).max(40, UNKNOWN_PURPOSE),
      action: z.enum(["grant", "withdraw"], { error: "action must be grant or withdraw." }),
    }),
    reply: R.saveConsentReply,
  },
  requestDataRight: {
    ...P.API_ROUTES.requestDataRight,
    access: "session",
    answer: "envelope",
    summary: "Asks for a correction (details required) or an erasure of the customer's data; answered by the due date.",
    input: ownedBody.extend({
      kind: z.enum(["correction", "erasure"], { error: "kind must be correction or erasure." }),
      details: z
        .string()
        .max(RIGHTS_TEXT_MAX, zodError(saidByCode(DATA_RIGHTS_CODES.textTooLong)))
        .optional(),
    }),
    reply: R.dataRequestReply,
  },
  getMyDataJson: {
    ...P.API_ROUTES.getMyDataJson,
    access: "session",
    ...file("application/json"),
    summary: "Everything we hold about the customer, as JSON: profile, loans, payments, documents list, consents, contacts.",
    input: z.object({}),
  },
  getMyDataPdf: {
    ...P.API_ROUTES.getMyDataPdf,
    access: "session",
    ...file("application/pdf"),
    summary: "The same as getMyDataJson, as a readable PDF.",
    input: z.object({}),
  },
} as const satisfies Record<string, ApiRoute>;
