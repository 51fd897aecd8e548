// Public surface of the validation rules: one import for forms, API and tests.
export * from "./messages.ts";
export * from "./limits.ts";
export * from "./primitives.ts";
export * from "./rules.ts";
export * from "./input-filters.ts";
export * from "./generic.ts";
export * from "./field-errors.ts";
export * from "./shared.ts";
export * from "./auth.ts";
export * from "./profile.ts";
export * from "./loan.ts";
export * from "./kyc-banking.ts";
export * from "./uploads.ts";
export * from "./pay-now.ts";
export * from "./enquiry.ts";
export * from "./documents.ts";
