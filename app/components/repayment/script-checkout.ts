// The browser step of a script checkout (decision 55; Razorpay's checkout.js): the gateway's script is
// loaded on demand, its overlay opens with the server's options, and the handler's signed fields go to
// the generic verify call. Every outcome goes to /thanku, as the spec's Pay Now does.
import type { ApiReply } from "../../../core/contract/index.ts";
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";
import { loadScript, repayApi, type ThankYouState } from "../../lib/repayment.ts";

export type ScriptCheckoutStep = Extract<ApiReply<"gatewayCheckout">["browser"], { kind: "script_checkout" }>;

interface CheckoutOverlay {
  open(): void;
  close(): void;
  on(event: "payment.failed", fn: (response: { error?: { metadata?: { payment_id?: string; order_id?: string } } }) => void): void;
}
type OverlayConstructor = new (options: Record<string, unknown>) => CheckoutOverlay;

export async function openScriptCheckout(
  gateway: PaymentGatewayName,
  step: ScriptCheckoutStep,
  /** opened: the overlay is a modal of its own, so the page closes its dialog (the two never compete for focus). */
  ui: { loadFailed(): void; opened(): void; result(state: ThankYouState): void },
) {
  const loaded = await loadScript(step.script_url);
  const Overlay = (window as unknown as Record<string, OverlayConstructor | undefined>)[step.global];
  if (!loaded || !Overlay) return ui.loadFailed();
  ui.opened();
  const orderId = step.options.order_id;
  let settled = false;
  const overlay = new Overlay({
    ...step.options,
    handler: async (response: Record<string, string>) => {
      settled = true;
      const verified = await repayApi.verifyCheckout(gateway, response);
      const outcome = verified.Data;
      ui.result({
        txnStatus: outcome?.status ?? (verified.Status === 1 ? "SUCCESS" : "FAILED"),
        txnId: outcome?.txnId ?? orderId,
        orderId: outcome?.order_id ?? orderId,
      });
    },
    modal: {
      ondismiss: () => {
        if (!settled) ui.result({ txnStatus: "CANCELLED", txnId: orderId, orderId });
      },
    },
  });
  overlay.on("payment.failed", (response) => {
    settled = true;
    overlay.close();
    ui.result({ txnStatus: "FAILED", txnId: response.error?.metadata?.payment_id ?? orderId, orderId });
  });
  overlay.open();
}
