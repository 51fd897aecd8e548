// Issue 32: a form page's address names the transaction and, as `ref`, the submission of the form before it,
// which only the buyer app and the customer hold. This finds that submission (of this transaction, of that form,
// done) and its customer, or nothing (the pages answer 404).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerProfiles, ondcFormSubmissions } from "../../db/schema/index.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function doneFormOfRef(db: Db, formId: string, transactionId: string, ref: string) {
  if (!UUID.test(ref)) return null;
  const [submission] = await db
    .select()
    .from(ondcFormSubmissions)
    .where(
      and(
        eq(ondcFormSubmissions.submissionId, ref),
        eq(ondcFormSubmissions.transactionId, transactionId),
        eq(ondcFormSubmissions.formId, formId),
        eq(ondcFormSubmissions.outcome, "eligible"),
      ),
    );
  if (!submission) return null;
  const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, submission.profileId));
  return profile ? { submission, profile } : null;
}
