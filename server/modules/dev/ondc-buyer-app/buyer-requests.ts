// Issue 32: the requests the sandbox buyer app sends, as a buyer app builds them: search, select and init in
// FIS12 2.0.1's shape (the validator's), signed by the caller. Pure.

export const SANDBOX_BUYER_APP_BASE = "/dev/ondc";
/** The sandbox buyer app's finder fee, percent a year of the principal (its search's BUYER_FINDER_FEES_PERCENTAGE). */
export const FINDER_FEE_PERCENTAGE = "1";

/** The context of a request to the lender (its bpp named, as from the select on). */
function lenderContext(
  action: string,
  input: { transactionId: string; messageId: string; at: Date; bapId: string; bapUri: string; bppId: string; bppUri: string },
) {
  return {
    domain: "ONDC:FIS12",
    location: { country: { code: "IND" }, city: { code: "*" } },
    transaction_id: input.transactionId,
    message_id: input.messageId,
    action,
    timestamp: input.at.toISOString(),
    version: "2.0.1",
    bap_uri: input.bapUri,
    bap_id: input.bapId,
    bpp_id: input.bppId,
    bpp_uri: input.bppUri,
    ttl: "PT10M",
  };
}

/** A select quoting a form's submission (SUCCESS after the buyer app submitted it, APPROVED after the lender acknowledged it). */
export function selectRequest(input: {
  transactionId: string;
  messageId: string;
  at: Date;
  bapId: string;
  bapUri: string;
  bppId: string;
  bppUri: string;
  providerId: string;
  itemId: string;
  formId: string;
  status: "SUCCESS" | "APPROVED";
  submissionId: string;
}) {
  return {
    context: lenderContext("select", input),
    message: {
      order: {
        provider: { id: input.providerId },
        items: [{ id: input.itemId, xinput: { form: { id: input.formId }, form_response: { status: input.status, submission_id: input.submissionId } } }],
      },
    },
  };
}

/**
 * An init quoting a form's submission, with the buyer app's payment terms: the lender collects (BPP), and settles
 * the finder fee for this loan (SETTLEMENT_AMOUNT) by NEFT; the buyer app's delay interest and terms.
 */
export function initRequest(input: Parameters<typeof selectRequest>[0] & { origin: string; settlementAmount: string }) {
  const select = selectRequest(input);
  const tag = (code: string, list: Record<string, string>) => ({
    descriptor: { code },
    display: false,
    list: Object.entries(list).map(([item, value]) => ({ descriptor: { code: item }, value })),
  });
  return {
    context: { ...select.context, action: "init" },
    message: {
      order: {
        ...select.message.order,
        payments: [
          {
            collected_by: "BPP",
            type: "ON_ORDER",
            status: "NOT-PAID",
            tags: [
              tag("BUYER_FINDER_FEES", { BUYER_FINDER_FEES_TYPE: "percent-annualized", BUYER_FINDER_FEES_PERCENTAGE: FINDER_FEE_PERCENTAGE }),
              tag("SETTLEMENT_TERMS", {
                SETTLEMENT_AMOUNT: input.settlementAmount,
                SETTLEMENT_TYPE: "neft",
                DELAY_INTEREST: "2.5",
                STATIC_TERMS: `${input.origin}${SANDBOX_BUYER_APP_BASE}/terms`,
                OFFLINE_CONTRACT: "true",
              }),
            ],
          },
        ],
      },
    },
  };
}

/**
 * A confirm quoting the signed agreement (F06), with the whole settlement terms as the lender's on_init stated
 * them and the buyer app's own (its settlement type and delay interest), as the validator wants a confirm.
 */
export function confirmRequest(input: Parameters<typeof initRequest>[0] & { lenderTerms: { descriptor: { code: string }; value: string }[] }) {
  const init = initRequest(input);
  const [payment] = init.message.order.payments;
  const [finderFee, settlement] = payment.tags;
  const ours = new Set(settlement.list.map((i) => i.descriptor.code));
  const list = [...input.lenderTerms.filter((i) => !ours.has(i.descriptor.code)), ...settlement.list];
  return {
    context: { ...init.context, action: "confirm" },
    message: { order: { ...init.message.order, payments: [{ ...payment, tags: [finderFee, { ...settlement, list }] }] } },
  };
}

/** A search as a buyer app sends one: personal loans anywhere in India, a finder fee (1 % unless told), its settlement terms. */
export function searchRequest(input: {
  transactionId: string;
  messageId: string;
  at: Date;
  bapId: string;
  bapUri: string;
  origin: string;
  finderFeePercentage?: string;
}) {
  const tag = (code: string, list: Record<string, string>) => ({
    descriptor: { code },
    display: false,
    list: Object.entries(list).map(([item, value]) => ({ descriptor: { code: item }, value })),
  });
  return {
    context: {
      domain: "ONDC:FIS12",
      location: { country: { code: "IND" }, city: { code: "*" } },
      transaction_id: input.transactionId,
      message_id: input.messageId,
      action: "search",
      timestamp: input.at.toISOString(),
      version: "2.0.1",
      bap_uri: input.bapUri,
      bap_id: input.bapId,
      ttl: "PT10M",
    },
    message: {
      intent: {
        category: { descriptor: { code: "PERSONAL_LOAN" } },
        payment: {
          collected_by: "BPP",
          tags: [
            tag("BUYER_FINDER_FEES", {
              BUYER_FINDER_FEES_TYPE: "percent-annualized",
              BUYER_FINDER_FEES_PERCENTAGE: input.finderFeePercentage ?? FINDER_FEE_PERCENTAGE,
            }),
            tag("SETTLEMENT_TERMS", { DELAY_INTEREST: "2.5", STATIC_TERMS: `${input.origin}${SANDBOX_BUYER_APP_BASE}/terms`, OFFLINE_CONTRACT: "true" }),
          ],
        },
      },
    },
  };
}

/** An update servicing the order by a payment: close it (FORECLOSURE), pay part (PRE_PART_PAYMENT, an amount) or the overdue (MISSED_EMI_PAYMENT). */
export function updateRequest(input: {
  transactionId: string;
  messageId: string;
  at: Date;
  bapId: string;
  bapUri: string;
  bppId: string;
  bppUri: string;
  orderId: string;
  label: string;
  amount?: string;
}) {
  return {
    context: lenderContext("update", input),
    message: {
      update_target: "payments",
      order: {
        id: input.orderId,
        payments: [{ ...(input.amount ? { params: { amount: input.amount, currency: "INR" } } : {}), time: { label: input.label } }],
      },
    },
  };
}

/**
 * FIS12 flow 01's last update: the account-monitoring consent approved (update_target the fulfillments, state
 * APPROVED), as a buyer app walking that flow sends it after the loan's on_update.
 */
export function consentApprovedRequest(input: Omit<Parameters<typeof updateRequest>[0], "label" | "amount">) {
  return {
    context: lenderContext("update", input),
    message: { update_target: "fulfillments", order: { id: input.orderId, fulfillments: [{ state: { descriptor: { code: "APPROVED" } } }] } },
  };
}

/** A cancel of the order: the borrower withdraws the application, or (paid out) exits the loan. */
export function cancelRequest(input: Omit<Parameters<typeof updateRequest>[0], "label" | "amount">) {
  return { context: lenderContext("cancel", input), message: { order_id: input.orderId } };
}
