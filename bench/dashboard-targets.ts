// Issue 35's targets for the dashboard and the start, each against its reference measured in the same
// run by npm run bench (bench/run.ts), as [target, measured, goal, verdict] rows.
import { fmt, LOAD, roundRatios, verdict, type LoadResult } from "./wrk.ts";

/** A compared row's requests/s of each run, when it ran more than once (a MedianResult). */
const eachRun = (result: LoadResult & { runs?: number[] }) => (result.runs ? ` (median run; each: ${result.runs.join(", ")})` : "");

/** `rows`: the bench's load rows; `names`: the floor's, the dashboard's and the dashboard at 10 connections' rows. */
export function dashboardTargets(
  rows: { database: string; name: string; result: LoadResult }[],
  names: { floor: string; dashboard: string; at10: string },
  startTimes: number[],
): (string | number)[][] {
  const row = (database: string, name: string) => rows.find((r) => r.database === database && r.name === name)?.result;
  const targets: (string | number)[][] = [];
  const pgFloor = row("PostgreSQL", names.floor);
  const pgDashboard = row("PostgreSQL", names.dashboard);
  if (pgFloor && pgDashboard) {
    const rpsRatio = pgDashboard.rps / pgFloor.rps;
    const p99Ratio = pgDashboard.p99Ms / pgFloor.p99Ms;
    targets.push(
      [
        `PostgreSQL dashboard req/s ÷ floor's, ${LOAD.connections} connections`,
        `${pgDashboard.rps}${eachRun(pgDashboard)} ÷ ${pgFloor.rps}${eachRun(pgFloor)} = ${rpsRatio.toFixed(2)}${roundRatios(pgDashboard, pgFloor)}`,
        "≥ 0.6",
        verdict(rpsRatio >= 0.6),
      ],
      [
        `PostgreSQL dashboard p99 ÷ floor's, ${LOAD.connections} connections`,
        `${fmt.ms(pgDashboard.p99Ms)} ÷ ${fmt.ms(pgFloor.p99Ms)} ms = ${p99Ratio.toFixed(2)}`,
        "≤ 3",
        verdict(p99Ratio <= 3),
      ],
    );
  }
  const pgliteAt50 = row("PGlite", names.dashboard);
  const pgliteAt10 = row("PGlite", names.at10);
  if (pgliteAt50)
    targets.push([`PGlite dashboard p99, ${LOAD.connections} connections`, `${fmt.ms(pgliteAt50.p99Ms)} ms`, "< 1,000 ms", verdict(pgliteAt50.p99Ms < 1000)]);
  if (pgliteAt10) targets.push(["PGlite dashboard p99, 10 connections", `${fmt.ms(pgliteAt10.p99Ms)} ms`, "< 300 ms", verdict(pgliteAt10.p99Ms < 300)]);
  if (startTimes.length) {
    const best = Math.min(...startTimes);
    targets.push([
      "PGlite start to healthy, existing data dir (best of 2)",
      `${startTimes.map((ms) => ms.toFixed(0)).join(", ")} ms`,
      "< 1,000 ms",
      verdict(best < 1000),
    ]);
  }
  return targets;
}
