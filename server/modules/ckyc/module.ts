// The CKYC module (issue 33): CKYCR in the customer's journey (search, download, confirm), the upload of
// each paid-out customer's KYC record (the job) and the back office's desk. Built from the port, the consents
// and the SMS notices; its factory takes the modules it reads (docs/decisions/platform.md, decision 65).
import { eq } from "drizzle-orm";
import type { CkycInstitution } from "../../../core/ckyc/ckyc-file.ts";
import { site } from "../../../core/site-config.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import type { CkycPort } from "../../providers/ckyc/port.ts";
import { SANDBOX_CKYC_FI_CODE } from "../../providers/ckyc/sandbox.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { ConsentsService } from "../data-rights/consents.service.ts";
import { createCreditReportSubjects } from "../profile/credit-report-subject.service.ts";
import { createCkycDesk } from "./ckyc-desk.ts";
import { createCkycJourney } from "./ckyc-journey.ts";
import { createCkycUploads } from "./ckyc-uploads.ts";
import { createCkycService } from "./ckyc.service.ts";

/**
 * Who verified the KYC and where it is declared, on every record (kyc.md, CKYC): our FI and region codes
 * from the configuration; the verifier is the digital KYC process, named until CERSAI's registration gives
 * the principal officer's details.
 */
export const ckycInstitution = (env: Env): CkycInstitution => ({
  fiCode: env.CKYC_FI_CODE ?? SANDBOX_CKYC_FI_CODE,
  regionCode: env.CKYC_REGION_CODE ?? "HO",
  branchCode: "HO",
  orgName: site.company.legalName.replace(/[^A-Za-z0-9 .&()-]/g, ""),
  declarationPlace: site.company.registeredOffice.city,
  verifier: { name: "Digital KYC", designation: "KYC Process", employeeCode: "SYSTEM" },
});

export function createCkycModule(deps: {
  db: Db;
  env: Env;
  now: () => Date;
  logger: Logger;
  port: CkycPort | null;
  consents: ConsentsService;
  storage: StoragePort;
  sms: SmsNoticePort;
  audit: AuditRecorder;
}) {
  const { db, now, logger, port } = deps;
  const subjects = createCreditReportSubjects({ db, encryptionKey: deps.env.ENCRYPTION_KEY });
  const service = createCkycService({ db, now, port, institution: ckycInstitution(deps.env) });
  const ckycJourney = createCkycJourney({ db, now, port, consents: deps.consents, subjects, logger });
  const uploads = createCkycUploads({ db, now, service, subjects, storage: deps.storage, sms: deps.sms, logger });
  const desk = createCkycDesk({ db, audit: deps.audit, uploads, now, portConfigured: !!port });
  // Without a port (production without CKYC_URL) the job has nothing to send to.
  const runUploads = async () => (port ? uploads.runUploads() : { skipped: "no CKYC port" });
  /** Sandbox and tests: the job for one customer, by mobile; null when they have no paid-out loan. */
  const uploadFor = async (mobile: string) => {
    const [profile] = await db.select({ id: customerProfiles.id }).from(customerProfiles).where(eq(customerProfiles.mobile, mobile));
    const [paid] = profile ? await uploads.paidOutCustomers(profile.id) : [];
    if (!paid?.firstPaidOut) return null;
    return (await uploads.uploadOne(paid.customerId, paid.firstPaidOut)) ?? (await service.state(paid.customerId, 1));
  };
  return { ckyc: { service, uploads, desk, runUploads, uploadFor }, ckycJourney };
}
