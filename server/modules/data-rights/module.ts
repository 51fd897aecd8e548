// The data-rights module (issue 23, decision 42): consent per purpose (append-only, audited), the borrower's
// rights, and the data-retention job (docs/decisions/platform.md, decision 65).
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { createConsentsService } from "./consents.service.ts";
import { createDataRightsService } from "./data-rights.service.ts";
import { createRecordsPurge } from "./records-purge.ts";

export function createDataRightsModule(deps: {
  db: Db;
  audit: AuditService;
  storage: StoragePort;
  allowDemoDiscard: boolean;
  now: () => Date;
  logger: Logger;
}) {
  const { db, audit, now } = deps;
  const consents = createConsentsService({ db, audit, now, allowDemoDiscard: deps.allowDemoDiscard });
  const dataRights = createDataRightsService({ db, consents, audit, now });
  const runRetention = createRecordsPurge({ db, storage: deps.storage, audit, retention: dataRights.retention, now, logger: deps.logger });
  return { consents, dataRights, runRetention };
}
