// The staff module (decision 32): staff accounts, sign-in and roles, and the back office's content desks
// (blog, enquiries, the audit trail's reader) (docs/decisions/platform.md, decision 65).
import type { AuditService } from "../audit/audit.service.ts";
import type { BlogService } from "../blog/blog.service.ts";
import type { EnquiryService } from "../enquiry/enquiry.service.ts";
import { createBackOfficeDesks } from "./desks.ts";
import { createStaffService } from "./staff.service.ts";

export function createStaffModule(deps: Parameters<typeof createStaffService>[0] & { audit: AuditService; blog: BlogService; enquiries: EnquiryService }) {
  const { blog, enquiries, ...staffDeps } = deps;
  return { staff: createStaffService(staffDeps), backOffice: createBackOfficeDesks({ db: deps.db, blog, enquiries, audit: deps.audit }) };
}
