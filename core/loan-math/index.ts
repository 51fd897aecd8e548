// Public surface of the loan math. Every figure a page or KFS shows comes from here.
export * from "../money.ts";
export * from "./single-loan.ts";
export * from "./instalment.ts";
export * from "./repayment-date.ts";
export * from "./dues.ts";
export * from "./repayment-charge.ts";
export * from "./loan-terms.ts";
export * from "./repayment-lines.ts";
