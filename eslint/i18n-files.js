// Issue 23: screens whose words all come from the catalogue; eslint/no-jsx-text.js holds them to it.
// Add each screen here as it is converted, until this is app/routes/** and app/components/**.
export const I18N_FILES = [
  "app/root.tsx",
  "app/components/language-switch.tsx",
  "app/components/otp-boxes.tsx",
  "app/components/public/site-header.tsx",
  "app/components/public/site-footer.tsx",
  "app/components/public/loan-calculator.tsx",
  "app/components/public/consent-banner.tsx",
  "app/components/public/city-link-list.tsx",
  "app/components/dashboard/sidebar.tsx",
  "app/components/dashboard/logout-dialog.tsx",
  "app/routes/public/home.tsx",
  "app/routes/public/apply-now.tsx",
  "app/routes/public/repay-loan.tsx",
  "app/routes/dashboard/layout.tsx",
  "app/routes/dashboard/autopay.tsx",
];
