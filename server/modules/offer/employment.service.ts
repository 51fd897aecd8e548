// employment_details (spec 3, 5 and 7): NEW customers only; REPEAT and UNPAID-REPEAT skip the
// step (decision 8), so for them it is never the current step and the gate refuses it.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { stepAfter } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import { rowText } from "../../db/row-text.ts";
import { customerEmploymentDetails, leads, loanAccounts } from "../../db/schema/index.ts";
import { lookupPincode } from "../master/master.service.ts";
import { advance, requireEvent } from "../journey/journey.service.ts";

export type EmploymentInput = {
  work_mode: string;
  company_name: string;
  department: string;
  company_type_id: number;
  designation: string;
  emp_since: string;
  address_1: string;
  address_2: string;
  pincode: string;
  landmark: string | null;
  office_email: string | null;
};

export function createEmploymentService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  // Read on every dashboard load: the SQL is built once.
  const employmentOf = db
    .select()
    .from(customerEmploymentDetails)
    .where(eq(customerEmploymentDetails.profileId, sql.placeholder("profileId")))
    .prepare("employment_of_profile");
  const employmentText = rowText(customerEmploymentDetails);
  return {
    async save(profileId: string, input: EmploymentInput) {
      return db.transaction(async (tx) => {
        const profile = await requireEvent(tx, profileId, "employment_details");
        const [lead] = await tx
          .select({ id: leads.id })
          .from(leads)
          .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
          .where(and(eq(leads.profileId, profileId), inArray(loanAccounts.status, ["IN_PROCESS"])));
        const place = lookupPincode(input.pincode);
        const at = now();
        const values = {
          leadId: lead?.id ?? null,
          workMode: input.work_mode,
          companyName: input.company_name,
          department: input.department,
          companyTypeId: input.company_type_id,
          designation: input.designation,
          empSince: input.emp_since,
          address1: input.address_1,
          address2: input.address_2,
          landmark: input.landmark,
          pincode: input.pincode,
          city: place?.city_name ?? null,
          state: place?.state_name ?? null,
          officeEmail: input.office_email,
          updatedAt: at,
        };
        await tx
          .insert(customerEmploymentDetails)
          .values({ profileId, ...values, createdAt: at })
          .onConflictDoUpdate({ target: customerEmploymentDetails.profileId, set: values });
        const nextStep = stepAfter("employment_details", profile.userType) ?? "ekyc_initiated";
        await advance(tx, profileId, "employment_details", nextStep, { at });
        return { nextStep };
      });
    },

    /** customer_employment_details of the dashboard data (spec 3), or null. */
    async view(profileId: string) {
      const [row] = await employmentOf.execute({ profileId });
      return viewOf(row ?? null);
    },

    /** view() as a part of one statement of the caller's; `profileId` is that statement's SQL for the customer. */
    viewPart(profileId: SQL) {
      return {
        sql: sql`(select ${employmentText.sql} from ${customerEmploymentDetails} where ${customerEmploymentDetails.profileId} = ${profileId})`,
        decode: (value: unknown) => viewOf(employmentText.decode(value)),
      };
    },
  };
}

function viewOf(row: typeof customerEmploymentDetails.$inferSelect | null) {
  if (!row) return null;
  return {
    emp_work_mode: row.workMode,
    employer_name: row.companyName,
    emp_department: row.department,
    companyid: row.companyTypeId,
    emp_designation: row.designation,
    emp_since: row.empSince,
    emp_house: row.address1,
    emp_street: row.address2,
    emp_landmark: row.landmark ?? "",
    emp_pincode: row.pincode,
    emp_city: row.city ?? "",
    emp_state: row.state ?? "",
    office_email: row.officeEmail ?? "",
  };
}

export type EmploymentService = ReturnType<typeof createEmploymentService>;
