// PayU's server-to-server notification (its "webhook"): a form-encoded POST with the fields and the
// reverse hash of the surl/furl answer. The checkout service reads it through the gateway port: the
// hash first, then verify_payment decides, as on the browser's return, and the delivery is recorded once.
import type { PaymentsService } from "./payments.service.ts";

export function createPayuNotify(deps: { payments: PaymentsService }) {
  return (delivery: { rawBody: string; headers?: Record<string, string> }) =>
    deps.payments.payuNotification({ rawBody: delivery.rawBody, headers: delivery.headers ?? {} });
}

export type PayuNotify = ReturnType<typeof createPayuNotify>;
