// Stopping a server the scripts or benches started: SIGTERM (it finishes what is in flight), then SIGKILL.
import type { ChildProcess } from "node:child_process";

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
export function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
