// Issue 34: the WhatsApp Business Platform (Cloud API) settings, validated by server/env.ts with the rest (this
// file reads no environment of its own): the variables' schema, the checks across them, and the settings
// resolved once. Production sends through the Cloud API only when all four secrets are set; with none of
// them WhatsApp is off (its webhook is not mounted); some of them stops the boot. Sandbox mode always uses
// the sandbox provider, signing its webhooks with the configured app secret or the sandbox's own.
import { z } from "zod";

export const WHATSAPP_VARIABLES = {
  /** A system user's permanent access token with whatsapp_business_messaging (sent as a bearer token). */
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  /** The business phone number's id at Meta (not the number itself): `POST /{version}/{id}/messages`. */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, "must be the phone number id Meta shows (digits)")
    .optional(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d$/, "must be a Graph API version such as v24.0")
    .default("v24.0"),
  /** The Meta app's secret: X-Hub-Signature-256 of each webhook is HMAC-SHA256 of the raw body with it. */
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  /** Our own token, entered on the app's webhook configuration; GET /webhooks/whatsapp echoes the challenge only for it. */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
};

type WhatsAppVariables = {
  [K in keyof typeof WHATSAPP_VARIABLES]?: z.infer<(typeof WHATSAPP_VARIABLES)[K]>;
};

const SECRETS = ["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;

/** The sandbox's app secret and verify token when none is configured (sandbox mode only). */
export const SANDBOX_WHATSAPP_APP_SECRET = "sandbox-whatsapp-app-secret";
export const SANDBOX_WHATSAPP_VERIFY_TOKEN = "sandbox-whatsapp-verify-token";

export type WhatsAppSettings =
  | { provider: "cloud-api"; accessToken: string; phoneNumberId: string; apiVersion: string; appSecret: string; verifyToken: string }
  | { provider: "sandbox"; apiVersion: string; appSecret: string; verifyToken: string };

/** Production mode: all four secrets or none (WhatsApp off); anything between is a mistake. */
export function whatsappProblems(parsed: WhatsAppVariables, isProduction: boolean): string[] {
  const named = SECRETS.filter((k) => parsed[k]).length;
  if (!isProduction || named === 0 || named === SECRETS.length) return [];
  return [`  WHATSAPP_ACCESS_TOKEN: in production set ${SECRETS.join(", ")} together, or none (WhatsApp off)`];
}

/** WhatsApp as resolved once; null in production mode when it is not configured. */
export function whatsappSettings(parsed: WhatsAppVariables, isProduction: boolean): WhatsAppSettings | null {
  const apiVersion = parsed.WHATSAPP_API_VERSION ?? "v24.0";
  if (!isProduction) {
    return {
      provider: "sandbox",
      apiVersion,
      appSecret: parsed.WHATSAPP_APP_SECRET ?? SANDBOX_WHATSAPP_APP_SECRET,
      verifyToken: parsed.WHATSAPP_VERIFY_TOKEN ?? SANDBOX_WHATSAPP_VERIFY_TOKEN,
    };
  }
  if (!parsed.WHATSAPP_ACCESS_TOKEN) return null;
  return {
    provider: "cloud-api",
    accessToken: parsed.WHATSAPP_ACCESS_TOKEN,
    phoneNumberId: parsed.WHATSAPP_PHONE_NUMBER_ID!,
    apiVersion,
    appSecret: parsed.WHATSAPP_APP_SECRET!,
    verifyToken: parsed.WHATSAPP_VERIFY_TOKEN!,
  };
}
