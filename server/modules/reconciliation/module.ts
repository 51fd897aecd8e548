// The reconciliation module (issue 20, issue 29): the open-order job and its exceptions, the gateways'
// settlement reports, the accounts desk, and the clearing accounts' check (docs/decisions/platform.md, decision 65).
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { PaymentGateways } from "../../providers/payments/index.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { createClearingCheck } from "./clearing-check.service.ts";
import { createGatewaySettlementsService } from "./gateway-settlements.service.ts";
import { createReconciliationDesk } from "./reconciliation-desk.ts";
import { createReconciliationService } from "./reconciliation.service.ts";

export function createReconciliationModule(deps: {
  db: Db;
  payments: PaymentsService;
  gateways: PaymentGateways;
  ledger: LedgerService;
  audit: AuditRecorder;
  now: () => Date;
  logger: Logger;
}) {
  const { db, now, logger } = deps;
  const reconciliation = createReconciliationService({ db, payments: deps.payments, now, logger });
  const settlement = createGatewaySettlementsService({ db, gateways: deps.gateways, ledger: deps.ledger, now, logger });
  const reconciliationDesk = createReconciliationDesk({ db, reconciliation, settlement, audit: deps.audit, now });
  return { reconciliation, settlement, reconciliationDesk, clearingCheck: createClearingCheck({ db }) };
}
