// Tools the test and bench scripts take from Debian (Chromium, nginx, wrk): installed with apt when
// missing and we run as root, else a clear message with the command; plus a free loopback port.
import { execSync } from "node:child_process";
import { createServer } from "node:net";

const found = (command: string) => {
  try {
    execSync(`command -v ${command}`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/** Makes sure `command` exists, installing Debian's `pkg` if it may; throws with the install command if not. */
export function ensureDebianTool(command: string, pkg: string, purpose: string): void {
  if (found(command)) return;
  const install = `apt-get update && apt-get install -y ${pkg}`;
  if (process.getuid?.() === 0 && found("apt-get")) {
    console.log(`${pkg} is missing; installing Debian's ${pkg} package (${install}) …`);
    execSync(install, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  }
  if (!found(command)) throw new Error(`${purpose} need ${pkg} (${command}). Install it with:\n  sudo ${install}`);
}

/** A port nothing listens on right now, from the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
