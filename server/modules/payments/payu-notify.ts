// PayU's server-to-server notification (its "webhook"): a form-encoded POST with the fields and the
// reverse hash of the surl/furl answer. The hash is checked first; then verify_payment decides, as
// on the browser's return (never the body alone), and the delivery is recorded once.
import type { PaymentGateways } from "../../providers/payments/index.ts";
import { NotAuthenticated } from "../domain-errors.ts";
import type { PaymentsService } from "./payments.service.ts";

export function createPayuNotify(deps: { gateways: PaymentGateways; payments: PaymentsService }) {
  const { gateways, payments } = deps;
  return async function payuNotify(delivery: { rawBody: string }) {
    const fields = Object.fromEntries(new URLSearchParams(delivery.rawBody));
    const response = gateways.payu.verifyResponse(fields);
    if (!response) throw new NotAuthenticated("Hash mismatch.");
    const order = await payments.orderOf("payu", response.txnid);
    if (order) await payments.refresh(order);
    // Recorded after acting: PayU retries a failed delivery, and acting again posts nothing twice.
    await payments.firstDelivery("payu", `${response.mihpayid || response.txnid}:${response.status}`, `payment.${response.status}`.slice(0, 100));
  };
}

export type PayuNotify = ReturnType<typeof createPayuNotify>;
