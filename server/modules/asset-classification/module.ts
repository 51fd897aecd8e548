// The asset-classification module (issue 22, decision 44): the day-end job, each loan's class history and the
// portfolio desk, with the day-end's income suspense and provisions (docs/decisions/platform.md, decision 65).
import type { Db } from "../../db/client.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { createAssetClassificationService } from "./asset-classification.service.ts";
import { createPrudentialDayEnd } from "./prudential.ts";

export function createAssetClassificationModule(
  deps: Omit<Parameters<typeof createAssetClassificationService>[0], "prudential"> & { db: Db; ledger: LedgerService },
) {
  const { ledger, ...classDeps } = deps;
  const prudential = createPrudentialDayEnd({ db: deps.db, ledger });
  return { prudential, assetClassification: createAssetClassificationService({ ...classDeps, prudential }) };
}
