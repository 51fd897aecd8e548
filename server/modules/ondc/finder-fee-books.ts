// Issue 32, point 9: the ONDC buyer app's finder fee in our books (docs/decisions/money.md, "The ONDC buyer app's
// finder fee in the books"): the accrual at payout and its reversal (run by the ondc-callbacks job), the desk
// that records settlements, and what ledger:check proves. Built whether or not ONDC is switched on, since a loan
// taken through a buyer app stays in the books after; it needs no signing key, only the tables.
import type { SingleLoanProduct } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import { createFinderFeeAccrual } from "./finder-fee-accrual.ts";
import { createFinderFeeCheck } from "./finder-fee-check.ts";
import { createFinderFeeDesk } from "./finder-fee-desk.ts";
import { createOndcKfsPages } from "./kfs-page.ts";

export function createOndcFinderFeeBooks(deps: {
  db: Db;
  now: () => Date;
  logger: Logger;
  ledger: LedgerService;
  audit: AuditRecorder;
  profiles: Pick<ProfileService, "load">;
  product: SingleLoanProduct;
}) {
  const { db, now, logger, ledger, audit } = deps;
  // The agreed fee is read from the offer the agreement names, as on_init and on_confirm stated it.
  const kfsPages = createOndcKfsPages({ db, profiles: deps.profiles, product: deps.product });
  const accrual = createFinderFeeAccrual({ db, now, logger, ledger, kfsPages });
  const check = createFinderFeeCheck({ db, now, kfsPages });
  return {
    /** The ondc-callbacks job's first duty: every payout accrued, every returned one reversed. */
    accrueDue: accrual.accrueDue,
    /** ledger:check's part: the payable against its sub-ledger, each entry, each accrual's payout and fee. */
    problems: check.problems,
    /** The buyer app fees desk (accounts records settlements; the auditor reads). */
    desk: createFinderFeeDesk({ db, now, ledger, audit }),
  };
}

export type OndcFinderFeeBooks = ReturnType<typeof createOndcFinderFeeBooks>;
