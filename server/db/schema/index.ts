// Each domain keeps its tables in its own file; this index is what Drizzle sees.
export * from "./auth.ts";
export * from "./onboarding.ts";
export * from "./blog.ts";
export * from "./loan.ts";
export * from "./kyc.ts";
export * from "./banking.ts";
export * from "./ledger.ts";
export * from "./payments.ts";
export * from "./staff.ts";
export * from "./credit.ts";
export * from "./sandbox.ts";
export * from "./servicing.ts";
export * from "./loan-terms.ts";
export * from "./reconciliation.ts";
export * from "./refunds.ts";
export * from "./data-rights.ts";
