// What the ONDC screens (/admin/ondc and /admin/ondc/{transaction}, issue 32) may ask of the server: each
// transaction a buyer app opened with us, its customer (masked), and every message in and out with its
// signature result, plus the callbacks still waiting for the buyer app to ACK them. Read only.

export const ONDC_DESK_ROLES = ["admin", "credit_head", "accounts", "auditor"] as const;

export const ONDC_DESK_MESSAGES = {
  off: "ONDC is not set up here (ONDC_SIGNING_PRIVATE_KEY, ONDC_UNIQUE_KEY_ID, ONDC_REGISTRY_URL).",
  noSuchTransaction: "No ONDC transaction with that id.",
} as const;

/** How a message's signature stands, in the words the screens use. */
export const ONDC_SIGNATURE_LABELS = {
  verified: "Verified against the registry",
  signed: "Signed by us, ACKed by the buyer app",
  pending: "Signed by us, not ACKed yet",
  failed: "Signed by us, never ACKed (given up)",
} as const;
export type OndcSignatureState = keyof typeof ONDC_SIGNATURE_LABELS;

export interface OndcTransactionRow {
  transactionId: string;
  bapId: string;
  /** "Asha V.": staff see names masked; null before F01 names a customer. */
  customer: string | null;
  startedAt: string;
  lastAt: string;
  lastAction: string;
  messages: number;
  /** Callbacks written and not yet ACKed (pending), or given up (failed). */
  unsent: number;
}

export interface OndcMessageRow {
  /** in: a buyer app's request to us; out: our callback to it. */
  direction: "in" | "out";
  action: string;
  messageId: string;
  keyId: string | null;
  signature: OndcSignatureState;
  /** When we received it, or when the buyer app ACKed our callback (written, while not ACKed). */
  at: string;
  attempts: number | null;
  lastResult: string | null;
  /** The body, pretty-printed, with personal fields masked. */
  body: string;
}

export interface OndcTransactionView {
  transaction: OndcTransactionRow;
  /** The forms our pages took in this transaction, newest last. */
  forms: { formId: string; submissionId: string; outcome: string; at: string }[];
  messages: OndcMessageRow[];
}

/** The desk's calls, bound to the signed-in staff member (core/admin/admin-api.ts). */
export interface OndcDeskApi {
  list(): Promise<{ rows: OndcTransactionRow[] }>;
  transaction(transactionId: string): Promise<OndcTransactionView>;
}

/** Fields that are personal wherever they stand, and those personal under a person or a contact. */
const PERSONAL_ANYWHERE = new Set(["accNo", "accHolderName", "pan", "dob", "cred"]);
const PERSONAL_UNDER = new Set(["person", "contact"]);

const mask = (v: string) => `${v.slice(0, 1)}•••${v.length > 4 ? v.slice(-2) : ""}`;

/** Masks personal values in a message (a customer's name and contact, an account): keeps the shape, hides the value. */
export function maskOndcBody(value: unknown, key = "", parent = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => maskOndcBody(v, key, parent));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskOndcBody(v, k, key)]));
  if (typeof value === "string" && value && (PERSONAL_ANYWHERE.has(key) || PERSONAL_UNDER.has(parent))) return mask(value);
  return value;
}
