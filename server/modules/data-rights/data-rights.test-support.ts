// The My data calls and consent rows the data-rights tests share (data-rights.test.ts and
// data-rights-closed-loan.test.ts), read through the test app each file creates in its beforeAll.
import { eq } from "drizzle-orm";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { consents } from "../../db/schema/index.ts";
import type { createTestApp } from "../../test-support/test-app.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;

export const myDataPath = (name: string) => `${JOURNEY_CONTROLLER}/${name}`;

export function myDataHelpers(app: () => T) {
  return {
    api: (name: string, token: string, body: Record<string, unknown> = {}) => app().post(body, { path: myDataPath(name), headers: { "auth-token": token } }),
    consentRows: (profileId: string) => app().services.db.select().from(consents).where(eq(consents.profileId, profileId)).orderBy(consents.id),
  };
}
