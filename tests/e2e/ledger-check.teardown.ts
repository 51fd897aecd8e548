// After every browser test: `npm run ledger:check` on the data they made (issue 20). The server under
// test answers the same report at /dev/ledger-check.json (PGlite lets only that process open its data
// dir); the run fails if any loan's books disagree with dues() or the trial balance is not zero.
// Every server the projects use is checked: the shared one and the clock-moving specs' own (PORT + 71).
import type { FullConfig } from "@playwright/test";

export default async function ledgerCheck(config: FullConfig) {
  const baseURLs = new Set(config.projects.map((p) => p.use.baseURL).filter((url): url is string => Boolean(url)));
  for (const baseURL of baseURLs) await checkServer(baseURL);
}

async function checkServer(baseURL: string) {
  const response = await fetch(`${baseURL}/dev/ledger-check.json`);
  if (!response.ok) throw new Error(`ledger check: ${response.status} from ${baseURL}/dev/ledger-check.json`);
  const report = (await response.json()) as {
    ok: boolean;
    asOf: string;
    loans: number;
    entries: number;
    problems: { loanNo: string | null; loanId: string | null; problem: string }[];
  };
  if (!report.ok) {
    const lines = report.problems.map((p) => `  ${p.loanNo ?? p.loanId ?? "ledger"}: ${p.problem}`).join("\n");
    throw new Error(`The books do not agree after the browser tests at ${baseURL} (as of ${report.asOf}):\n${lines}`);
  }
  process.stdout.write(
    `Ledger check after the browser tests at ${baseURL}: ${report.loans} loans, ${report.entries} entries, books agree (as of ${report.asOf}).\n`,
  );
}
