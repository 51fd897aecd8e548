// Issue 23: customer screens take every word from the catalogue; eslint/no-jsx-text.js holds them to it.
// The globs cover every screen and component, so a new one is checked without being listed.
export const I18N_FILES = ["app/root.tsx", "app/routes/**/*.tsx", "app/components/**/*.tsx"];

// Screens the rule leaves out: the back office (English only: staff, not customers) and the blog (posts in English).
export const BACK_OFFICE_FILES = [
  "app/routes/admin/**",
  "app/components/admin-pager.tsx",
  "app/components/admin-table.tsx",
  "app/components/credit-queue-table.tsx",
  "app/components/payout-state.tsx",
  // Issue 29: the accountant's desk's date field and pager.
  "app/components/admin-books.tsx",
  "app/components/admin-write-offs.tsx",
  "app/components/admin-reject-form.tsx",
  // Issue 31: the application review's rows, forms and loan-class section, split from its route.
  "app/components/credit-review-forms.tsx",
  "app/components/loan-class-section.tsx",
  // Issue 31: the back office's screens split into parts (review, loan account, bank statement, notices).
  "app/components/admin/**",
];
