// Proves the payment adapters' boundary of eslint.config.js (decision 55): outside
// server/providers/payments nothing imports a vendor adapter, the port's files or a sandbox; the
// port and its factory come from index.ts, and tests take the sandboxes' keys from test-kit.ts.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  expect(result.fatalErrorCount, JSON.stringify(result.messages)).toBe(0);
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const refused = ["import-x/no-restricted-paths"];

describe("payment adapters are private to server/providers/payments (issue 31)", () => {
  it("refuses a vendor adapter, a sandbox or the port's own files anywhere else", async () => {
    const adapter = `import { createRazorpayGateway } from "../../providers/payments/razorpay/razorpay.ts";\nexport const a = createRazorpayGateway;\n`;
    expect(await ruleIds("server/modules/refunds/lint-probe.ts", adapter)).toEqual(refused);
    expect(await ruleIds("server/modules/refunds/lint-probe.test.ts", adapter)).toEqual(refused);
    expect(
      await ruleIds(
        "server/modules/payments/lint-probe.ts",
        `import type { PayuGateway } from "../../providers/payments/payu/port.ts";\nexport type A = PayuGateway;\n`,
      ),
    ).toEqual(refused);
    expect(
      await ruleIds(
        "server/lint-probe.ts",
        `import { createSandboxPhonepe } from "./providers/payments/phonepe/sandbox.ts";\nexport const a = createSandboxPhonepe;\n`,
      ),
    ).toEqual(refused);
    expect(
      await ruleIds(
        "server/providers/payout/lint-probe.ts",
        `import type { PaymentGateway } from "../payments/gateway-port.ts";\nexport type A = PaymentGateway;\n`,
      ),
    ).toEqual(refused);
  });

  it("allows the port and factory from index.ts, the test kit, the shared helpers, and anything inside the folder", async () => {
    expect(
      await ruleIds(
        "server/modules/refunds/lint-probe.ts",
        `import { createPaymentGateways, type PaymentGateways } from "../../providers/payments/index.ts";\nexport const a: PaymentGateways = createPaymentGateways({} as never);\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        "server/modules/payments/lint-probe.test.ts",
        `import { SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";\nexport const a = SANDBOX_RAZORPAY_KEY_ID;\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        "server/providers/payout/lint-probe.ts",
        `import { safeEqualHexDigest } from "../payments/shared.ts";\nexport const a = safeEqualHexDigest;\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        "server/providers/payments/lint-probe.ts",
        `import { createRazorpayGateway } from "./razorpay/razorpay.ts";\nexport const a = createRazorpayGateway;\n`,
      ),
    ).toEqual([]);
  });
});
