// The only module that reads process.env. Everything else receives a typed Env.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { ONDC_VARIABLES, ondcProblems, ondcSettings, type OndcSettings } from "./env-ondc.ts";
import { WHATSAPP_VARIABLES, whatsappProblems, whatsappSettings, type WhatsAppSettings } from "./env-whatsapp.ts";
import { ICE_VARIABLES, iceProblems, iceSettings, type IceSettings } from "./env-ice.ts";

export type { OndcIdentity, OndcSettings } from "./env-ondc.ts";
export type { WhatsAppSettings } from "./env-whatsapp.ts";
export type { IceSettings } from "./env-ice.ts";

const key32 = z.string().regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters (32 bytes)");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_MODE: z.enum(["sandbox", "production"]).default("sandbox"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_ORIGIN: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** How many proxies stand in front (each appends to X-Forwarded-For); 0 = none, the socket's address is the client's. */
  TRUST_PROXY: z
    .string()
    .regex(/^\d{1,2}$/, "must be the number of proxies in front of the server (0 = none)")
    .default("0")
    .transform(Number)
    .pipe(z.number().int().min(0).max(10)),
  ENCRYPTION_KEY: key32.optional(),
  HASH_KEY: key32.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_TEMPLATE_ID: z.string().min(1).optional(),
  /** DLT template of the loan-closed notice (Flow API). */
  MSG91_CLOSURE_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_REJECTION_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_DISBURSAL_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_REQUOTE_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_PAYOUT_REVERSED_TEMPLATE_ID: z.string().min(1).optional(),
  /** DLT templates of the reminders (decision 31) and of the post-signing copies link. */
  MSG91_REMINDER_UPCOMING_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_REMINDER_DUE_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_REMINDER_DUE_AUTOPAY_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_REMINDER_OVERDUE_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_SIGNED_COPIES_TEMPLATE_ID: z.string().min(1).optional(),
  /** DLT template of the refund-paid notice (decision 37; variables amount, loan_no, to). */
  MSG91_REFUND_PAID_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_BUREAU_OVERDUE_TEMPLATE_ID: z.string().min(1).optional(),
  /** Issue 22: DLT templates of the complaint acknowledgement, the reply notice and the ombudsman notice. */
  MSG91_GRIEVANCE_RECEIVED_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_GRIEVANCE_REPLIED_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_GRIEVANCE_OMBUDSMAN_TEMPLATE_ID: z.string().min(1).optional(),
  /** Issue 23: the Hindi (Unicode) DLT template of each message above, same variables. */
  MSG91_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_CLOSURE_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_REJECTION_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_DISBURSAL_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_REQUOTE_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_PAYOUT_REVERSED_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_REMINDER_UPCOMING_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_REMINDER_DUE_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_REMINDER_DUE_AUTOPAY_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_REMINDER_OVERDUE_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_SIGNED_COPIES_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_REFUND_PAID_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_BUREAU_OVERDUE_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_GRIEVANCE_RECEIVED_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_GRIEVANCE_REPLIED_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_GRIEVANCE_OMBUDSMAN_TEMPLATE_ID_HI: z.string().min(1).optional(),
  /** Issue 24: DLT templates of the AutoPay pre-debit notice and the failed-debit notice. */
  MSG91_AUTOPAY_NOTICE_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_AUTOPAY_FAILED_TEMPLATE_ID: z.string().min(1).optional(),
  /** Issue 33: DLT template of the CKYC identifier notice after our upload (variable ckyc_number). */
  MSG91_CKYC_REGISTERED_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_AUTOPAY_NOTICE_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_AUTOPAY_FAILED_TEMPLATE_ID_HI: z.string().min(1).optional(),
  /** Issue 34: the DLT templates of the payment received notice (with its receipt link). */
  MSG91_PAYMENT_RECEIVED_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_PAYMENT_RECEIVED_TEMPLATE_ID_HI: z.string().min(1).optional(),
  MSG91_CKYC_REGISTERED_TEMPLATE_ID_HI: z.string().min(1).optional(),
  /** Issue 22: days without resolution before a complaint goes to the nodal officer, and before the ombudsman notice (at most 30, RBI's scheme). */
  GRIEVANCE_ESCALATION_DAYS: z.coerce.number().int().min(1).max(29).default(7),
  GRIEVANCE_OMBUDSMAN_DAYS: z.coerce.number().int().min(2).max(30).default(30),
  /** E-mail (ZeptoMail send API, India data centre). */
  EMAIL_API_URL: z.url().default("https://api.zeptomail.in/v1.1/email"),
  EMAIL_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(1).optional(),
  /** Scheduled jobs (pg-boss); off only for one-off commands and tests that start their own runner. */
  JOBS: z.enum(["on", "off"]).default("on"),
  DLT_ENTITY_ID: z.string().min(1).optional(),
  DLT_SENDER_ID: z.string().min(1).optional(),
  /** Decision 22: where tracking events are POSTed in production (optional; none leave the server without it). */
  TRACKING_POSTBACK_URL: z.url().optional(),
  /** Decision 22: a third-party tag (https) loaded on rendered pages; none loads without it. */
  TRACKING_SCRIPT_URL: z.url().startsWith("https://").optional(),
  PAN_VERIFY_URL: z.url().optional(),
  PAN_VERIFY_API_KEY: z.string().min(1).optional(),
  BUREAU_URL: z.url().optional(),
  BUREAU_API_KEY: z.string().min(1).optional(),
  BUREAU_MEMBER_ID: z.string().min(1).optional(),
  // Issue 22: the fortnightly data file's upload (unset: accounts downloads the file and uploads it on the bureau's portal).
  BUREAU_UPLOAD_URL: z.url().optional(),
  BUREAU_UPLOAD_PASSWORD: z.string().min(1).optional(),
  // Issue 33: CERSAI's CKYC registry through its gateway (unset in production: no CKYC port).
  CKYC_URL: z.url().optional(),
  CKYC_FI_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{1,20}$/, "must be 1-20 letters and digits")
    .optional(),
  CKYC_REGION_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}$/, "must be 1-10 letters and digits")
    .optional(),
  CKYC_API_KEY: z.string().min(1).optional(),
  DIGILOCKER_BASE_URL: z.url().default("https://digilocker.meripehchaan.gov.in"),
  DIGILOCKER_CLIENT_ID: z.string().min(1).optional(),
  DIGILOCKER_CLIENT_SECRET: z.string().min(1).optional(),
  AA_BASE_URL: z.url().optional(),
  AA_CLIENT_ID: z.string().min(1).optional(),
  AA_CLIENT_SECRET: z.string().min(1).optional(),
  AA_PRODUCT_ID: z.string().min(1).optional(),
  BANK_VERIFY_URL: z.url().optional(),
  BANK_VERIFY_CLIENT_ID: z.string().min(1).optional(),
  BANK_VERIFY_CLIENT_SECRET: z.string().min(1).optional(),
  ESIGN_URL: z.url().optional(),
  ESIGN_CLIENT_ID: z.string().min(1).optional(),
  ESIGN_CLIENT_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url().default("https://api.razorpay.com"),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYU_PAYMENT_URL: z.url().default("https://secure.payu.in/_payment"),
  PAYU_VERIFY_URL: z.url().default("https://info.payu.in/merchant/postservice.php?form=2"),
  PAYU_KEY: z.string().min(1).optional(),
  PAYU_SALT: z.string().min(1).optional(),
  PHONEPE_AUTH_URL: z.url().default("https://api.phonepe.com/apis/identity-manager"),
  PHONEPE_BASE_URL: z.url().default("https://api.phonepe.com/apis/pg"),
  PHONEPE_CLIENT_ID: z.string().min(1).optional(),
  PHONEPE_CLIENT_SECRET: z.string().min(1).optional(),
  PHONEPE_CLIENT_VERSION: z.string().min(1).optional(),
  PHONEPE_WEBHOOK_USERNAME: z.string().min(1).optional(),
  PHONEPE_WEBHOOK_PASSWORD: z.string().min(1).optional(),
  PAYOUT_URL: z.url().default("https://api.razorpay.com"),
  PAYOUT_KEY_ID: z.string().min(1).optional(),
  PAYOUT_KEY_SECRET: z.string().min(1).optional(),
  PAYOUT_SOURCE_ACCOUNT: z.string().min(1).optional(),
  PAYOUT_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYOUT_SANDBOX_FAIL_ACCOUNT: z
    .string()
    .regex(/^\d{9,18}$/, "must be 9 to 18 digits")
    .default("666666666666"),
  /** Issue 33: UIDAI's offline e-KYC signing certificates (.cer files), comma-separated paths; production only. */
  UIDAI_OFFLINE_EKYC_CERTIFICATES: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(1)).min(1, "must name at least one certificate file"))
    .optional(),
  /** Uploaded files go to this S3 bucket when set (several instances); else to DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)")
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default("sot:"),
  ...ONDC_VARIABLES,
  ...WHATSAPP_VARIABLES,
  ...ICE_VARIABLES,
});

type Parsed = z.infer<typeof schema>;
export type Env = Omit<Parsed, "ENCRYPTION_KEY" | "HASH_KEY" | "PUBLIC_ORIGIN"> & {
  PUBLIC_ORIGIN: string;
  ENCRYPTION_KEY: string;
  HASH_KEY: string;
  isProduction: boolean;
  dataDir: string;
  /** Issue 32: ONDC as resolved once; null in production mode when ONDC is not configured (its routes are then absent). */
  ondc: OndcSettings | null;
  /** Issue 34: WhatsApp as resolved once; null in production mode when it is not configured (no messages, no webhook). */
  whatsapp: WhatsAppSettings | null;
  /** Issue 33: the video KYC call's STUN and TURN servers (none: host candidates only). */
  ice: IceSettings;
};

/** Production mode needs these; sandbox mode runs without any of them. */
export const productionOnly = [
  "ENCRYPTION_KEY",
  "HASH_KEY",
  "DATABASE_URL",
  "MSG91_AUTH_KEY",
  "MSG91_TEMPLATE_ID",
  "MSG91_CLOSURE_TEMPLATE_ID",
  "MSG91_REJECTION_TEMPLATE_ID",
  "MSG91_DISBURSAL_TEMPLATE_ID",
  "MSG91_REQUOTE_TEMPLATE_ID",
  "MSG91_PAYOUT_REVERSED_TEMPLATE_ID",
  "MSG91_REMINDER_UPCOMING_TEMPLATE_ID",
  "MSG91_REMINDER_DUE_TEMPLATE_ID",
  "MSG91_REMINDER_DUE_AUTOPAY_TEMPLATE_ID",
  "MSG91_REMINDER_OVERDUE_TEMPLATE_ID",
  "MSG91_SIGNED_COPIES_TEMPLATE_ID",
  "MSG91_REFUND_PAID_TEMPLATE_ID",
  "MSG91_BUREAU_OVERDUE_TEMPLATE_ID",
  "MSG91_GRIEVANCE_RECEIVED_TEMPLATE_ID",
  "MSG91_GRIEVANCE_REPLIED_TEMPLATE_ID",
  "MSG91_GRIEVANCE_OMBUDSMAN_TEMPLATE_ID",
  "MSG91_TEMPLATE_ID_HI",
  "MSG91_CLOSURE_TEMPLATE_ID_HI",
  "MSG91_REJECTION_TEMPLATE_ID_HI",
  "MSG91_DISBURSAL_TEMPLATE_ID_HI",
  "MSG91_REQUOTE_TEMPLATE_ID_HI",
  "MSG91_PAYOUT_REVERSED_TEMPLATE_ID_HI",
  "MSG91_REMINDER_UPCOMING_TEMPLATE_ID_HI",
  "MSG91_REMINDER_DUE_TEMPLATE_ID_HI",
  "MSG91_REMINDER_DUE_AUTOPAY_TEMPLATE_ID_HI",
  "MSG91_REMINDER_OVERDUE_TEMPLATE_ID_HI",
  "MSG91_SIGNED_COPIES_TEMPLATE_ID_HI",
  "MSG91_REFUND_PAID_TEMPLATE_ID_HI",
  "MSG91_BUREAU_OVERDUE_TEMPLATE_ID_HI",
  "MSG91_GRIEVANCE_RECEIVED_TEMPLATE_ID_HI",
  "MSG91_GRIEVANCE_REPLIED_TEMPLATE_ID_HI",
  "MSG91_GRIEVANCE_OMBUDSMAN_TEMPLATE_ID_HI",
  "MSG91_AUTOPAY_NOTICE_TEMPLATE_ID",
  "MSG91_AUTOPAY_FAILED_TEMPLATE_ID",
  "MSG91_AUTOPAY_NOTICE_TEMPLATE_ID_HI",
  "MSG91_AUTOPAY_FAILED_TEMPLATE_ID_HI",
  "MSG91_PAYMENT_RECEIVED_TEMPLATE_ID",
  "MSG91_PAYMENT_RECEIVED_TEMPLATE_ID_HI",
  "MSG91_CKYC_REGISTERED_TEMPLATE_ID",
  "MSG91_CKYC_REGISTERED_TEMPLATE_ID_HI",
  "EMAIL_API_KEY",
  "EMAIL_FROM",
  "DLT_ENTITY_ID",
  "DLT_SENDER_ID",
  "PAN_VERIFY_URL",
  "PAN_VERIFY_API_KEY",
  "BUREAU_URL",
  "BUREAU_API_KEY",
  "BUREAU_MEMBER_ID",
  "DIGILOCKER_CLIENT_ID",
  "DIGILOCKER_CLIENT_SECRET",
  "AA_BASE_URL",
  "AA_CLIENT_ID",
  "AA_CLIENT_SECRET",
  "AA_PRODUCT_ID",
  "BANK_VERIFY_URL",
  "BANK_VERIFY_CLIENT_ID",
  "BANK_VERIFY_CLIENT_SECRET",
  "ESIGN_URL",
  "ESIGN_CLIENT_ID",
  "ESIGN_CLIENT_SECRET",
  "RAZORPAY_KEY_ID",
  "RAZORPAY_KEY_SECRET",
  "RAZORPAY_WEBHOOK_SECRET",
  "PAYU_KEY",
  "PAYU_SALT",
  "PHONEPE_CLIENT_ID",
  "PHONEPE_CLIENT_SECRET",
  "PHONEPE_CLIENT_VERSION",
  "PHONEPE_WEBHOOK_USERNAME",
  "PHONEPE_WEBHOOK_PASSWORD",
  "PAYOUT_KEY_ID",
  "PAYOUT_KEY_SECRET",
  "PAYOUT_SOURCE_ACCOUNT",
  "PAYOUT_WEBHOOK_SECRET",
] as const;

export class EnvError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  const isProduction = parsed.APP_MODE === "production";
  if (isProduction) {
    const missing = productionOnly.filter((k) => !parsed[k]);
    if (missing.length) {
      throw new EnvError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when APP_MODE=production`).join("\n")}`);
    }
  }
  const storageProblems = [
    !parsed.S3_BUCKET &&
      (parsed.S3_ENDPOINT || parsed.S3_ACCESS_KEY_ID || parsed.S3_SECRET_ACCESS_KEY) &&
      "  S3_BUCKET: required when other S3_ variables are set",
    Boolean(parsed.S3_ACCESS_KEY_ID) !== Boolean(parsed.S3_SECRET_ACCESS_KEY) &&
      "  S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
    parsed.CKYC_URL && !(parsed.CKYC_FI_CODE && parsed.CKYC_API_KEY) && "  CKYC_URL: set CKYC_FI_CODE and CKYC_API_KEY with it",
    parsed.GRIEVANCE_ESCALATION_DAYS >= parsed.GRIEVANCE_OMBUDSMAN_DAYS && "  GRIEVANCE_ESCALATION_DAYS: must be fewer days than GRIEVANCE_OMBUDSMAN_DAYS",
    ...ondcProblems(parsed, isProduction),
    ...whatsappProblems(parsed, isProduction),
    ...iceProblems(parsed),
  ].filter(Boolean);
  if (storageProblems.length) throw new EnvError(`Invalid configuration:\n${storageProblems.join("\n")}`);
  const dataDir = resolve(parsed.DATA_DIR);
  const secrets = parsed.ENCRYPTION_KEY && parsed.HASH_KEY ? null : sandboxSecrets(dataDir);
  // Locally the origin follows the port, so PORT=3055 needs nothing else.
  const publicOrigin = new URL(parsed.PUBLIC_ORIGIN ?? `http://localhost:${parsed.PORT}`).origin;
  return {
    ...parsed,
    PUBLIC_ORIGIN: publicOrigin,
    ENCRYPTION_KEY: parsed.ENCRYPTION_KEY ?? secrets!.ENCRYPTION_KEY,
    HASH_KEY: parsed.HASH_KEY ?? secrets!.HASH_KEY,
    isProduction,
    dataDir,
    ondc: ondcSettings(parsed, { publicOrigin, dataDir, isProduction }),
    whatsapp: whatsappSettings(parsed, isProduction),
    ice: iceSettings(parsed),
  };
}

/**
 * Sandbox keys are made once per data dir and kept there, so encrypted PANs and
 * hashed codes stay readable across restarts without any setup.
 */
function sandboxSecrets(dataDir: string): { ENCRYPTION_KEY: string; HASH_KEY: string } {
  const file = join(dataDir, "sandbox-secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  mkdirSync(dataDir, { recursive: true });
  const secrets = { ENCRYPTION_KEY: randomBytes(32).toString("hex"), HASH_KEY: randomBytes(32).toString("hex") };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** Variables documented in docs/configuration.md, with defaults. Kept here so the two cannot drift (server/configuration-docs.test.ts). */
export const envDocs = schema.shape;

/** Server tests run on PGlite, or on this PostgreSQL database when set (see .ci/run). */
export function testDatabaseUrl(source: Record<string, string | undefined> = process.env): string | undefined {
  return source.TEST_DATABASE_URL || undefined;
}

/** Redis tests use this server (a key prefix per run keeps them apart): TEST_REDIS_URL, else the local one. */
export function testRedisUrl(source: Record<string, string | undefined> = process.env): string {
  return source.TEST_REDIS_URL || "redis://127.0.0.1:6379";
}
