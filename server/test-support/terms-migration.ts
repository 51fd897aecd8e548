// Migration 1530 undone, for the tests that put a database back in an older shape and migrate it
// forward (loans/terms-migration.test.ts, loans/loan-account-migration.test.ts): the lead's copies of
// the terms come back, filled from the terms row as the quote's acceptance wrote them, and the terms
// row loses its minimum tenure.
export const BACK_TO_1529 = `
ALTER TABLE leads ADD COLUMN loan_recommended integer, ADD COLUMN tenure_days integer, ADD COLUMN repayment_date date, ADD COLUMN roi numeric(6, 2);
UPDATE leads l SET loan_recommended = t.principal_paise / 100, tenure_days = t.tenure_days, repayment_date = t.repayment_date,
  roi = t.interest_bps_per_day / 100.0
FROM loan_terms t WHERE t.lead_id = l.id;
ALTER TABLE loan_terms DROP COLUMN min_tenure_days;
DELETE FROM schema_migrations WHERE name >= '1530';
`;
