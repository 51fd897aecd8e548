// The production-mode test app (APP_MODE=production), set up once for every test that needs it: a
// placeholder for every credential production mode requires (no provider is called but SMS), the public
// origin over https, and an SMS stand-in (silent unless a test passes its own).
import { productionOnly } from "../env.ts";
import type { SmsPort } from "../providers/sms/port.ts";
import { createTestApp } from "./test-app.ts";

export const PRODUCTION_ORIGIN = "https://www.salaryontime.in";

export function productionCredentials(): Record<string, string> {
  return Object.fromEntries(
    productionOnly.map((name) => [
      name,
      name === "DATABASE_URL"
        ? "postgres://unused/for-this-test"
        : name.endsWith("_URL")
          ? "https://provider.invalid/"
          : /^(ENCRYPTION|HASH)_KEY$/.test(name)
            ? "33".repeat(32)
            : "placeholder",
    ]),
  );
}

const silentSms: SmsPort = { sendOtp: async () => {}, sendNotice: async () => {} };

export function createProductionTestApp(options: { sms?: SmsPort } = {}) {
  return createTestApp({
    env: { ...productionCredentials(), APP_MODE: "production", PUBLIC_ORIGIN: PRODUCTION_ORIGIN },
    providers: { sms: options.sms ?? silentSms },
  });
}
