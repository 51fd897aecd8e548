// Issue 32 (migrations 1540, 1550, 1560, 1670, 1700, 1750): ONDC messages in and out, and the outbox of callbacks. Written only by server/modules/ondc.
import { sql } from "drizzle-orm";
import { bigint, bigserial, date, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { customerProfiles } from "./auth.ts";

export type OndcDirection = "in" | "out";

export const ondcMessages = pgTable(
  "ondc_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    direction: text("direction").$type<OndcDirection>().notNull(),
    action: text("action").notNull(),
    transactionId: text("transaction_id").notNull(),
    messageId: text("message_id").notNull(),
    bapId: text("bap_id").notNull(),
    bppId: text("bpp_id"),
    keyId: text("key_id").notNull(),
    signature: text("signature").$type<"verified" | "signed">().notNull(),
    body: text("body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("ondc_messages_once").on(t.direction, t.action, t.messageId), index("ondc_messages_transaction_idx").on(t.transactionId, t.receivedAt)],
);

export type OndcOutboxStatus = "pending" | "delivered" | "failed";

// Issue 32 (migration 1550): the callbacks we owe buyer apps, delivered by server/modules/ondc/outbox.ts.
export const ondcOutbox = pgTable(
  "ondc_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    action: text("action").notNull(),
    transactionId: text("transaction_id").notNull(),
    messageId: text("message_id").notNull(),
    bapId: text("bap_id").notNull(),
    bapUri: text("bap_uri").notNull(),
    body: text("body").notNull(),
    status: text("status").$type<OndcOutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    claimToken: text("claim_token"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastResult: text("last_result"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    unique("ondc_outbox_once").on(t.action, t.messageId),
    index("ondc_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("ondc_outbox_transaction_idx").on(t.transactionId, t.createdAt),
  ],
);

// Issue 32 (migration 1590): a form of ours (F01 …) answered on our page for an ONDC transaction: its
// submission_id (what the buyer app quotes back in select), the customer whose mobile our OTP verified, and
// the outcome of our rules. The values themselves are the customer's profile, written by the profile steps.
export const ondcFormSubmissions = pgTable(
  "ondc_form_submissions",
  {
    submissionId: uuid("submission_id").primaryKey(),
    formId: text("form_id").notNull(),
    transactionId: text("transaction_id").notNull(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id"),
    /** eligible, or not_eligible (our rules refused: the reason below, in staff's English). */
    outcome: text("outcome").$type<"eligible" | "not_eligible">().notNull(),
    reason: text("reason"),
    /** The ONDC error code a select is answered with when our rules refused. */
    rejectCode: text("reject_code"),
    /** F01's endUse, as the buyer app's user chose it (the spec's list; our own purposes are the quote's). */
    endUse: text("end_use"),
    /** F01 with aa_id (migration 1740): the account aggregator's consent handle, sent as on_select_1's CONSENT_HANDLER. */
    aaConsentHandle: text("aa_consent_handle"),
    /** F02: the F01 submission it continues, and the amount (rupees) and term (days) asked. */
    parentSubmissionId: uuid("parent_submission_id"),
    requestAmount: integer("request_amount"),
    requestTerm: integer("request_term"),
    /** The offer on_select reported (whole rupees, days, dates), written with that on_select. */
    proposalNumber: text("proposal_number"),
    offerPrincipal: integer("offer_principal"),
    offerTenureDays: integer("offer_tenure_days"),
    offerRepaymentDate: date("offer_repayment_date", { mode: "string" }),
    offerIssuedOn: date("offer_issued_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("ondc_form_submissions_transaction_idx").on(t.transactionId, t.createdAt),
    index("ondc_form_submissions_profile_idx").on(t.profileId),
    // Migration 1760: a lead's submissions, asked per listed loan by the queues' source filter and column.
    index("ondc_form_submissions_lead_idx").on(t.leadId),
  ],
);

// Issue 32 (migration 1670): each change of an ONDC loan's state reported to its buyer app, once: the claim on the
// loan's own status change, written with the unsolicited on_status.
export const ondcOrderReports = pgTable(
  "ondc_order_reports",
  {
    statusChangeId: bigint("status_change_id", { mode: "number" }).primaryKey(),
    transactionId: text("transaction_id").notNull(),
    messageId: uuid("message_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ondc_order_reports_transaction_idx").on(t.transactionId, t.createdAt)],
);

/** Migration 1700: a buyer app's servicing request (update), and the repayment that answered it (claimed once). */
export const ondcServicingRequests = pgTable("ondc_servicing_requests", {
  id: uuid("id").primaryKey(),
  transactionId: text("transaction_id").notNull(),
  messageId: text("message_id").notNull().unique(),
  leadId: uuid("lead_id").notNull(),
  label: text("label").$type<"FORECLOSURE" | "PRE_PART_PAYMENT" | "MISSED_EMI_PAYMENT">().notNull(),
  amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  principalOutstandingPaise: bigint("principal_outstanding_paise", { mode: "number" }).notNull(),
  interestOutstandingPaise: bigint("interest_outstanding_paise", { mode: "number" }).notNull(),
  penalOutstandingPaise: bigint("penal_outstanding_paise", { mode: "number" }).notNull(),
  postDueInterestPaise: bigint("post_due_interest_paise", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  paymentId: uuid("payment_id").unique(),
  reportedMessageId: uuid("reported_message_id"),
  reportedAt: timestamp("reported_at", { withTimezone: true }),
});

// Issue 32, point 9 (migration 1680): the buyer app's finder fee in the books, the payable's sub-ledger by buyer
// app (docs/decisions/money.md, "The ONDC buyer app's finder fee in the books"). Written only by
// server/modules/ondc/finder-fee-books.ts, each row with the ledger entry it posted.
export const ondcFinderFees = pgTable(
  "ondc_finder_fees",
  {
    /** The loan's own status change claimed: to DISBURSED (an accrual) or back to SANCTIONED (a reversal). */
    statusChangeId: bigint("status_change_id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: ["accrual", "reversal"] }).notNull(),
    leadId: uuid("lead_id").notNull(),
    transactionId: text("transaction_id").notNull(),
    bapId: text("bap_id").notNull(),
    feePaise: bigint("fee_paise", { mode: "number" }).notNull(),
    effectiveOn: date("effective_on", { mode: "string" }).notNull(),
    /** A reversal's accrual (its status change id). */
    reverses: bigint("reverses", { mode: "number" }).unique(),
    /** Null for a fee of 0 (nothing posted). */
    ledgerEntryId: uuid("ledger_entry_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Migration 1750: the fee on_confirm stated (ondc_orders), or worked out from the search (no confirm stored). */
    feeFrom: text("fee_from", { enum: ["on_confirm", "search"] }).notNull(),
  },
  (t) => [index("ondc_finder_fees_bap_idx").on(t.bapId, t.effectiveOn), index("ondc_finder_fees_lead_idx").on(t.leadId)],
);

// Issue 32, point 9 (migration 1750): each agreement (F06) a buyer app confirmed, with the finder fee on_confirm
// stated for it, written with that on_confirm and never changed. Every later reader of the fee reads it here.
export const ondcOrders = pgTable(
  "ondc_orders",
  {
    f06SubmissionId: uuid("f06_submission_id").primaryKey(),
    transactionId: text("transaction_id").notNull(),
    /** Our proposal number, the order's id. */
    orderId: text("order_id").notNull(),
    leadId: uuid("lead_id").notNull(),
    bapId: text("bap_id").notNull(),
    finderFeePercentage: text("finder_fee_percentage").notNull(),
    finderFeePaise: bigint("finder_fee_paise", { mode: "number" }).notNull(),
    confirmMessageId: text("confirm_message_id").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ondc_orders_transaction_idx").on(t.transactionId), index("ondc_orders_lead_idx").on(t.leadId)],
);

export const ondcFinderFeeSettlements = pgTable(
  "ondc_finder_fee_settlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bapId: text("bap_id").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    bankReference: text("bank_reference").notNull().unique(),
    invoiceNo: text("invoice_no").notNull(),
    ledgerEntryId: uuid("ledger_entry_id").notNull().unique(),
    enteredBy: text("entered_by").notNull(),
    enteredByEmail: text("entered_by_email"),
    enteredAt: timestamp("entered_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ondc_finder_fee_settlements_bap_idx").on(t.bapId, t.paidOn)],
);
