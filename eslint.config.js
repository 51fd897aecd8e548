// Lint: the house rules of docs/architecture.md (rules 1, 9 and 10) and no import cycles.
// Formatting is Prettier's job (npm run format); eslint-config-prettier keeps lint rules out of its way.
import { readdirSync } from "node:fs";
import path from "node:path";
import "./eslint/typescript-6.js";
import prettier from "eslint-config-prettier";
import importX from "eslint-plugin-import-x";
import noJsxText from "./eslint/no-jsx-text.js";
import { BACK_OFFICE_FILES, I18N_FILES } from "./eslint/i18n-files.js";
import loanAccountWrites from "./eslint/loan-account-writes.js";
import reactHooks from "eslint-plugin-react-hooks";

// Loaded after the hook above, so the parser gets the TypeScript 6 compiler API.
const { default: tsParser } = await import("@typescript-eslint/parser");

const root = import.meta.dirname;
const modulesDir = path.join(root, "server/modules");
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What a module may import from another one besides its services (`*.service.ts`), with the reason.
 * Keys are the importing module; values are paths under server/modules/.
 */
export const MODULE_DOORS = {
  // dev: sandbox-only routes, never mounted in production; they reach a module's seed and demo data
  // to set up browser tests and demo customers (the blog seed, the IFSC lookup for a demo account).
  // The sandbox ONDC buyer app (issue 32) signs its requests and checks the lender's callbacks as a buyer app does.
  dev: ["blog/blog-seed-posts.ts", "banking/ifsc.ts", "ondc/signing.ts"],
  // esign: the offer module's PDF renderer is pure (KFS and agreement values in, bytes out); the
  // values themselves come through the quote service (quotes.agreementFor).
  esign: ["offer/loan-documents.ts"],
  // accounting (issue 29): the chart is the ledger's own list, read generically so a new account shows by
  // itself; a loan's statement lines are the borrower's statement's (pure: entries in, lines out).
  accounting: ["ledger/accounts.ts", "statements/loan-statement.ts"],
  // ondc (issue 32): the loan's cancellation terms as a PDF (LOAN_CANCELLATION) are the statements' pure renderer
  // (the KFS and the payout date in, bytes out), as esign's door above.
  ondc: ["statements/cancellation-pdf.ts"],
};

// import-x wants glob exceptions when `from` is a glob, so a door is written as a one-item glob.
const asGlob = (file) => file.replace(/\.ts$/, ".[t]s");

const moduleZones = modules.map((name) => ({
  target: `server/modules/${name}/**`,
  from: `server/modules/!(${name})/**`,
  except: [`${modulesDir}/*/*.service.ts`, ...(MODULE_DOORS[name] ?? []).map((door) => `${modulesDir}/${asGlob(door)}`)],
  message: `House rule 9 (docs/architecture.md): a module imports another module only through its services (*.service.ts); see MODULE_DOORS in eslint.config.js.`,
}));

// Issue 31: the payment gateways' vendor adapters are private to server/providers/payments. Everything
// else reaches a gateway through the one port and its factory (index.ts); tests also take the
// sandboxes' keys and recorded formats from test-kit.ts. shared.ts is no adapter: the other providers'
// sandboxes and ports use its constant-time digest comparison and sandbox page frame.
const paymentAdaptersZone = {
  target: [
    "app/**",
    "core/**",
    "scripts/**",
    "tests/**",
    "bench/**",
    "eslint/**",
    "server/*.*",
    "server/!(providers)/**",
    "server/providers/*.*",
    "server/providers/!(payments)/**",
  ],
  from: "server/providers/payments",
  except: ["./index.ts", "./test-kit.ts", "./shared.ts"],
  message: "The payment gateways' adapters are private to server/providers/payments: use the PaymentGateway port from its index.ts (decision 55).",
};

// Issue 31: files the size limits leave out, being content or generated data rather than code: the public
// site's pages and cities (app/content) and the message catalogues in both languages (core/i18n).
const SIZE_EXCEPTIONS = ["app/content/**", "core/i18n/*.en.ts", "core/i18n/*.hi.ts"];

export default [
  {
    ignores: ["node_modules/", "build/", ".react-router/", "data/", "public/", "test-results/", "playwright-report/", "bench/results/", "eslint/fixtures/"],
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      parser: tsParser,
      ecmaVersion: "latest",
      sourceType: "module",
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x does not parse .ts dependencies and no-cycle sees no edges.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".js", ".mjs"] },
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "core/**",
              from: "**",
              except: [`${root}/core/**`, "**/node_modules/**"],
              message: "core/ is pure shared code: it imports nothing of ours outside core/ (docs/architecture.md, house rule 9).",
            },
            {
              target: "app/**",
              from: "server/**",
              message: "app/ never imports server/; the server hands pages what they need through the request context (docs/architecture.md, house rule 9).",
            },
            paymentAdaptersZone,
          ],
        },
      ],
    },
  },
  {
    // Issue 31: sizes a newcomer can read. Every line counts, as `wc -l` counts them; only SIZE_EXCEPTIONS is left out.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: SIZE_EXCEPTIONS,
    rules: {
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Issue 31: unused imports and variables. Parameters are left out: with the TypeScript parser the core rule
    // reads the parameter names of function types as unused variables.
    files: ["**/*.{ts,tsx}"],
    rules: {
      "no-unused-vars": ["error", { args: "none", ignoreRestSiblings: true, caughtErrors: "none", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Module boundaries hold for the code that runs; a test may arrange data with another module's helpers.
    files: ["server/modules/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: [...moduleZones, paymentAdaptersZone] }],
    },
  },
  {
    // House rule 1: configuration is read and validated in one place.
    files: ["app/**", "core/**", "server/**"],
    ignores: ["server/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through server/env.ts (docs/architecture.md, house rule 1)." },
      ],
    },
  },
  {
    // Issue 20: one owner of each loan. Only server/modules/loans moves a lead into or out of a loan's
    // statuses or writes its loan number, disbursal date and repayment amount (dev seeds and tests arrange data).
    files: ["server/**/*.ts"],
    ignores: ["server/modules/loans/**", "server/modules/dev/**", "server/test-support/**", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='set'] > ObjectExpression > Property[key.name='status'][value.value=/^(DISBURSED|CLOSED)$/]",
          message: "A loan's status is written only by server/modules/loans (loan-status.ts), through its transition table.",
        },
        {
          selector: "CallExpression[callee.property.name='set'] > ObjectExpression > Property[key.name=/^(loanNo|disbursalDate|repaymentAmount)$/]",
          message: "A loan's number, disbursal date and amounts are written only by server/modules/loans.",
        },
      ],
    },
  },
  {
    // Issue 31 (decision 45): the loan account is written only by server/modules/loans, whatever the
    // column: no update, insert or delete on loan_accounts or its history anywhere else (seeds use its
    // seedLead). Tests may arrange any state, as they arrange every other table.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["server/modules/loans/**", "**/*.test.ts"],
    plugins: { loans: loanAccountWrites },
    rules: { "loans/no-loan-account-writes": "error" },
  },
  {
    // Issue 14: screens format dates, money and phones through core/format.ts only (same text on server and browser).
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: "Format through core/format.ts (formatDate, formatMoney…).",
        },
        { selector: "MemberExpression[object.name='Intl']", message: "Format through core/format.ts (formatDate, formatMoney…)." },
      ],
    },
  },
  {
    // Issue 23: customer screens take every word from the catalogue (eslint/i18n-files.js).
    files: I18N_FILES,
    // The back office is English only (staff, not customers); the blog's posts are English only.
    ignores: BACK_OFFICE_FILES,
    plugins: { i18n: noJsxText },
    rules: { "i18n/no-jsx-text": "error" },
  },
  prettier,
];
