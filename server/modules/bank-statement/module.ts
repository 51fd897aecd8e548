// Issue 29: the bank's statements of the lender's account, matched to transfers, payouts and settlements,
// and the desk that imports and confirms them (docs/decisions/platform.md, decision 65).
import type { Db } from "../../db/client.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { createBankStatementDesk } from "./bank-statement-desk.ts";
import { createBankStatementService } from "./bank-statement.service.ts";

export function createBankStatementModule(deps: { db: Db; ledger: LedgerService; audit: AuditRecorder; now: () => Date }) {
  const bankStatement = createBankStatementService(deps);
  return { bankStatement, bankStatementDesk: createBankStatementDesk({ ...deps, bankStatement }) };
}
