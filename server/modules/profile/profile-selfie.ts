// The selfie (decision 19): its type decided by its content, stored, and read back only by its owner.
import { and, eq } from "drizzle-orm";
import { apiPath } from "../../../core/contract/paths.ts";
import { sniffFileType } from "../../../core/validation/index.ts";
import { ONBOARDING_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { uploadedFiles } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { assertAccepts } from "../journey/journey.service.ts";
import { InvalidInput } from "../domain-errors.ts";
import type { ProfileCommit } from "./profile-commit.ts";

const SELFIE_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

export const SELFIE_PATH = apiPath("getProfilePicture");

/** The owner-checked address of a selfie; the id only busts caches, the session picks the file. */
export function selfieUrl(fileId: string | null | undefined): string {
  return fileId ? `${SELFIE_PATH}?v=${fileId}` : "";
}

export function createSelfie(deps: { db: Db; storage: StoragePort; now: () => Date; logger: Logger; commit: ProfileCommit }) {
  const { db, storage, now, logger } = deps;
  const { load, commitStep } = deps.commit;

  return {
    /** Decision 19: the content decides the type (magic bytes); the name never does. */
    async saveSelfie(profileId: string, input: { file: string }) {
      assertAccepts(await load(profileId), "selfie_upload");
      const bytes = new Uint8Array(Buffer.from(input.file, "base64"));
      const sniffed = sniffFileType(bytes);
      if (sniffed === null || !(sniffed in SELFIE_TYPES)) throw new InvalidInput(ONBOARDING_CODES.selfieNotImage, { file: ONBOARDING_CODES.selfieNotImage });
      const contentType = SELFIE_TYPES[sniffed as keyof typeof SELFIE_TYPES];
      const key = await storage.put(bytes);
      let previous: string | null = null;
      let fileId = "";
      let nextStep;
      try {
        ({ nextStep } = await commitStep(profileId, "selfie_upload", async (tx, profile) => {
          previous = profile.selfieFileId;
          const [file] = await tx
            .insert(uploadedFiles)
            .values({ profileId, kind: "selfie", storageKey: key, contentType, byteSize: bytes.byteLength, createdAt: now() })
            .returning({ id: uploadedFiles.id });
          fileId = file.id;
          return { selfieFileId: file.id };
        }));
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
      if (previous) await this.deleteFile(profileId, previous);
      return { nextStep, selfieUrl: selfieUrl(fileId) };
    },

    async deleteFile(profileId: string, fileId: string) {
      const [gone] = await db
        .delete(uploadedFiles)
        .where(and(eq(uploadedFiles.id, fileId), eq(uploadedFiles.profileId, profileId)))
        .returning({ key: uploadedFiles.storageKey });
      if (gone) await storage.delete(gone.key).catch((error) => logger.warn("could not delete an old upload", { error }));
    },

    /** The customer's current selfie; only ever looked up by the session's own profile. */
    async readSelfie(profileId: string) {
      const profile = await load(profileId);
      if (!profile.selfieFileId) return null;
      const [file] = await db
        .select()
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.id, profile.selfieFileId), eq(uploadedFiles.profileId, profileId)));
      if (!file) return null;
      const bytes = await storage.get(file.storageKey);
      return bytes ? { bytes, contentType: file.contentType } : null;
    },
  };
}
