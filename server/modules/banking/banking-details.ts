// The Banking Details screen's account (spec section 5): the lock, the skip and the details to prefill,
// masked; alone (details) or as a part of the dashboard's one statement (accountViewPart).
import { eq, sql, type SQL } from "drizzle-orm";
import { maskAccountNumber } from "../../../core/banking.ts";
import { isRepeatCustomer } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import { rowText } from "../../db/row-text.ts";
import { bankAccounts } from "../../db/schema/index.ts";
import type { EsignService } from "../esign/esign.service.ts";
import type { Lead, LeadsService } from "../leads/leads.service.ts";
import type { Profile, ProfileService } from "../profile/profile.service.ts";
import type { BankAccount, BankAccountKit } from "./bank-account-kit.ts";

export function createBankingDetails(deps: { db: Db; profiles: ProfileService; leads: LeadsService; esign: EsignService; kit: BankAccountKit }) {
  const { db, profiles, leads, esign } = deps;
  const { savedAccount } = deps.kit;

  const accountText = rowText(bankAccounts);

  /** The open lead's own account and, for a REPEAT customer, the verified one of an earlier loan. */
  async function accounts(profileId: string, profile: Pick<Profile, "userType">, lead: Pick<Lead, "id" | "userType"> | null) {
    const userType = lead?.userType ?? profile.userType;
    const repeat = isRepeatCustomer(userType);
    const [current, saved] = await Promise.all([
      lead
        ? db
            .select()
            .from(bankAccounts)
            .where(eq(bankAccounts.leadId, lead.id))
            .then((rows) => rows[0])
        : undefined,
      repeat ? savedAccount(profileId, lead?.id ?? null) : null,
    ]);
    return { userType, repeat, current, saved };
  }

  function publicView(a: BankAccount) {
    return {
      account_number: maskAccountNumber(a.accountLast4),
      ifsc_code: a.ifsc,
      bank_name: a.bankName,
      branch: a.branch,
      beneficiary_name: a.accountName,
      verification_status: a.verificationStatus,
    };
  }

  return {
    /** What the Banking Details screen needs: the lock, the skip and any details to prefill (masked). */
    async details(profileId: string) {
      const profile = await profiles.load(profileId);
      const lead = await leads.open(profileId);
      const { userType, repeat, current, saved } = await accounts(profileId, profile, lead);
      const pending = lead && profile.nextStep === "esign" ? await esign.latest(lead.id) : null;
      return {
        user_type: userType,
        next_step: profile.nextStep,
        lead_id: lead?.id ?? null,
        locked: repeat && saved ? 1 : 0,
        can_skip: repeat ? 0 : 1,
        account_holder_hint: profile.fullName ?? "",
        customer_banking_details: current ? publicView(current) : saved ? publicView(saved) : null,
        esign_pending: pending?.status === "PENDING" ? 1 : 0,
      };
    },

    /**
     * details().customer_banking_details as a part of one statement of the caller's (the dashboard):
     * `profileId` and `openLeadId` are that statement's SQL; `sql` reads what accounts() reads (the open
     * lead's account and the verified one of an earlier loan), `view` makes the same choice from the
     * profile and open lead the caller read in the same statement.
     */
    accountViewPart(profileId: SQL, openLeadId: SQL) {
      return {
        sql: sql`json_build_array(
          (select ${accountText.sql} from ${bankAccounts} where ${bankAccounts.leadId} = ${openLeadId}),
          (select ${accountText.sql} from ${bankAccounts} where ${bankAccounts.profileId} = ${profileId} and ${bankAccounts.verificationStatus} = 'VERIFIED'
            and (${openLeadId} is null or ${bankAccounts.leadId} <> ${openLeadId}) order by ${bankAccounts.createdAt} desc limit 1))`,
        view(value: unknown, profile: Pick<Profile, "userType">, lead: Pick<Lead, "id" | "userType"> | null) {
          const [currentText, savedText] = value as [unknown, unknown];
          const current = lead ? accountText.decode(currentText) : null;
          const saved = isRepeatCustomer(lead?.userType ?? profile.userType) ? accountText.decode(savedText) : null;
          return current ? publicView(current) : saved ? publicView(saved) : null;
        },
      };
    },
  };
}
