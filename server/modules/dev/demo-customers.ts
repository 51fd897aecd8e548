// Demo customers (README "Try every path"): a REPEAT customer with a closed loan and an
// UNPAID-REPEAT customer with an active (disbursed) loan, so a new user can see the Re-Loan
// journey without employment, and the "repay first" answer. Sandbox data only: never run in
// production mode. Re-running replaces the two demo customers.
import { eq } from "drizzle-orm";
import { addDays, todayInIndia } from "../../../core/calendar.ts";
import { quoteSingle, termsOfQuote } from "../../../core/loan-math/index.ts";
import { PRODUCT } from "../../../core/product.ts";
import { customerProfiles, leads } from "../../db/schema/index.ts";
import { encrypt, keyedHash } from "../../security/crypto.ts";
import { lookupPincode } from "../master/master.service.ts";
import { jumpForDev } from "../journey/journey.service.ts";
import { seedVerifiedAccountForDemo } from "./dev-journey.ts";
import { sandboxPanName } from "../../providers/pan-verification/sandbox.ts";
import type { Services } from "../../services.ts";
import type { DevJourneyServices } from "./dev-journey.ts";

/** What making demo customers uses (decision 65): the dev route is given these. */
export type DemoServices = DevJourneyServices & Pick<Services, "consents" | "ledger" | "loans">;
import { disbursalEntryOfTerms } from "../ledger/ledger.service.ts";
import { seedLead } from "../loans/loan-account.service.ts";

export const DEMO_CUSTOMERS = [
  { mobile: "9000000001", pan: "DEMPR4001K", userType: "REPEAT", openLoan: false },
  { mobile: "9000000002", pan: "DEMPR4002L", userType: "UNPAID-REPEAT", openLoan: true },
] as const;

type Demo = {
  mobile: string;
  pan: string;
  userType: "REPEAT" | "UNPAID-REPEAT";
  openLoan: boolean;
  loanTag?: string;
  overdueDays?: number;
  /** The open loan was paid out this many days ago (default 10; 0 = today, the screens' day 0). */
  paidOutDaysAgo?: number;
};

/**
 * A VERIFIED bank account on the demo customer's first loan (encrypted and masked as decision 18
 * says, with the bank-account hash the banking service matches by), so a REPEAT customer sees it prefilled
 * and locked on Banking Details.
 */
export async function addVerifiedBankAccount(services: DemoServices, profileId: string, fullName: string): Promise<boolean> {
  const [first] = [...(await services.leads.listFor(profileId))].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (!first) return false;
  const accountNumber = `5010${profileId.replace(/\D/g, "").padEnd(8, "7").slice(0, 8)}`;
  await seedVerifiedAccountForDemo(services, {
    profileId,
    leadId: first.id,
    accountNumber,
    ifsc: "HDFC0000001",
    branch: "Koramangala, Bengaluru",
    name: fullName,
  });
  return true;
}

async function seedOne(services: DemoServices, demo: Demo) {
  const { db, env, now } = services;
  const at = now();
  const today = todayInIndia(at);
  const fullName = sandboxPanName(demo.pan);
  const place = lookupPincode("560034");
  // Replace any earlier copy (its leads, sessions and files go with it). Its loans' ledger entries
  // must go first: the ledger is append-only and keeps a lead with money from being deleted.
  const earlier = await db
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(customerProfiles, eq(leads.profileId, customerProfiles.id))
    .where(eq(customerProfiles.mobile, demo.mobile));
  await services.ledger.discardDemoLoans(earlier.map((l) => l.id));
  // Consents are append-only too (issue 23): the sandbox may discard a demo customer's.
  const earlierProfiles = await db.select({ id: customerProfiles.id }).from(customerProfiles).where(eq(customerProfiles.mobile, demo.mobile));
  await services.consents.discardDemo(earlierProfiles.map((p) => p.id));
  await db.delete(customerProfiles).where(eq(customerProfiles.mobile, demo.mobile));
  const [profile] = await db
    .insert(customerProfiles)
    .values({
      mobile: demo.mobile,
      userType: demo.userType,
      eligibilityStatus: 0,
      firstName: fullName.split(" ")[0],
      fullName,
      pancardEnc: encrypt(env.ENCRYPTION_KEY, demo.pan),
      pancardHash: keyedHash(env.HASH_KEY, "pan", demo.pan),
      pancardLast4: demo.pan.slice(-4),
      pancardVerifiedStatus: 1,
      pancardVerifiedAt: at,
      // One address per mobile: the sent-messages log names a customer by the address only when one profile has it.
      personalEmail: `demo${demo.mobile}@example.com`,
      dob: "1990-06-15",
      gender: 2,
      maritalStatusId: 1,
      residenceTypeId: 2,
      residenceAddress1: "14 Demo Residency, 5th Cross",
      residenceAddress2: "Koramangala",
      residencePincode: "560034",
      residenceCity: place?.city_name ?? null,
      residenceState: place?.state_name ?? null,
      incomeTypeId: 1,
      monthlyIncome: 60_000,
      salaryDate: addDays(today, -20),
      salaryMode: 1,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  // Profile done, eligibility to be checked again (Re-Loan); next_step is the journey module's to write.
  await db.transaction((tx) => jumpForDev(tx, profile.id, "register_now", { at }));

  const loan = (principal: number, tenureDays: number, disbursedDaysAgo: number, status: "CLOSED" | "DISBURSED", n: number) => {
    const q = quoteSingle({ principal, tenureDays });
    const disbursal = addDays(today, -disbursedDaysAgo);
    const created = new Date(at.getTime() - (disbursedDaysAgo + 1) * 86_400_000);
    // The loan's terms are quoted as a new loan's (with today's product) and fixed in its terms row.
    const quoted = { principalRupees: principal, tenureDays, repaymentDate: addDays(disbursal, tenureDays), issuedOn: disbursal };
    const values = {
      profileId: profile.id,
      status,
      loanNo: `SOTDEMO${demo.loanTag ?? demo.mobile.slice(-1)}${n}`,
      userType: n === 1 ? "NEW" : "REPEAT",
      monthlyIncome: 60_000,
      offerMinAmount: PRODUCT.offer.minimum,
      offerMaxAmount: 24_000,
      purposeId: 1,
      disbursalDate: disbursal,
      repaymentAmountPaise: q.totalRepayablePaise,
      quoteDecision: "ACCEPTED",
      quoteDecidedAt: created,
      statusChangedAt: status === "CLOSED" ? new Date(at.getTime() - (disbursedDaysAgo - tenureDays) * 86_400_000) : created,
      createdAt: created,
      updatedAt: at,
    };
    return { values, terms: termsOfQuote(quoted, PRODUCT.singleLoan) };
  };
  const closed = loan(15_000, 30, 120, "CLOSED", 1);
  await db.transaction(async (tx) => {
    const row = await seedLead(tx, closed.values);
    // Every loan has its terms row (issue 31): the closed demo loan too, as its KFS would have fixed them.
    await services.loans.fixTerms(tx, row.id, closed.terms, closed.values.createdAt);
    await services.loans.startCoolingOff(tx, row.id, closed.values.disbursalDate);
  });
  let active = null;
  if (demo.openLoan) {
    // The active loan is paid out as a real one is: its disbursal entry in the same transaction,
    // then interest charged to today (decision 27: what is owed comes from the postings).
    // overdueDays: disbursed that many days past its 25-day tenure (collections screens and the overdue dashboard).
    const { values, terms } = loan(20_000, 25, demo.overdueDays ? 25 + demo.overdueDays : (demo.paidOutDaysAgo ?? 10), "DISBURSED", 2);
    active = await db.transaction(async (tx) => {
      const row = await seedLead(tx, values);
      // The demo loan keeps its own terms, as a real one fixed at its KFS (decision 34).
      await services.loans.fixTerms(tx, row.id, terms, values.createdAt);
      await services.ledger.post(tx, disbursalEntryOfTerms({ loanId: row.id, terms, disbursedOn: values.disbursalDate, occurredAt: values.createdAt }));
      await services.loans.startCoolingOff(tx, row.id, values.disbursalDate);
      const facts = { principal: terms.principal, disbursalDate: values.disbursalDate, repaymentDate: terms.repaymentDate, rates: terms };
      await services.ledger.accrueTo(tx, { loanId: row.id, facts, on: today });
      return row;
    });
  }
  for (const lead of await services.leads.listFor(profile.id)) await services.leads.assignCreditManager(lead.id);
  const bank = await addVerifiedBankAccount(services, profile.id, fullName);
  return { mobile: demo.mobile, pan: demo.pan, userType: demo.userType, fullName, activeLoanId: active?.id ?? null, bankAccountSeeded: bank };
}

const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

/**
 * One demo customer for any mobile number (the dev route POST /dev/demo-customer, used by browser
 * tests that need their own REPEAT customer): the PAN and loan numbers are derived from the mobile,
 * so two numbers never collide. Sandbox only, like seedDemoCustomers.
 */
export async function createDemoCustomer(
  services: DemoServices,
  input: { mobile: string; userType: "REPEAT" | "UNPAID-REPEAT"; overdueDays?: number; paidOutDaysAgo?: number },
) {
  if (services.env.isProduction) throw new Error("Demo customers are sandbox data and are never created in production mode.");
  const n = Number(input.mobile);
  const letter = (k: number) => LETTERS[Math.floor(n / k) % LETTERS.length];
  // An individual PAN (4th letter P) whose sandbox bureau score passes (digits 1000-9999).
  const pan = `DM${letter(1)}P${letter(7)}${1000 + (n % 9000)}${letter(13)}`;
  return seedOne(services, {
    mobile: input.mobile,
    pan,
    userType: input.userType,
    openLoan: input.userType === "UNPAID-REPEAT",
    loanTag: input.mobile,
    overdueDays: input.overdueDays,
    paidOutDaysAgo: input.paidOutDaysAgo,
  });
}

export async function seedDemoCustomers(services: DemoServices) {
  if (services.env.isProduction) throw new Error("Demo customers are sandbox data and are never created in production mode.");
  const created = [];
  for (const demo of DEMO_CUSTOMERS) created.push(await seedOne(services, demo));
  return created;
}
