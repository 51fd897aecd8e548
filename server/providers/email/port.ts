import type { Language } from "../../../core/i18n/index.ts";

export type EmailAttachment = { name: string; mimeType: string; content: Uint8Array };

export type Email = {
  to: string;
  subject: string;
  /** Plain text; every message we send reads well without HTML. */
  text: string;
  attachments?: EmailAttachment[];
  /** The language it is written in (issue 23); the sandbox outbox shows it. Staff e-mails leave it out (English). */
  lang?: Language;
  /** Issue 34: the notice it carries (customerEmail's kind), kept in the record of what was sent; not sent to the provider. */
  kind?: string;
};

/** Sends one transactional e-mail. Production: ZeptoMail's HTTP API; sandbox: an outbox in the database. */
export interface EmailPort {
  send(email: Email): Promise<void>;
}

/** A plausible address (the profile's own check is stricter); anything else is not sent to. */
export const isEmailAddress = (value: string | null | undefined): value is string => !!value && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
