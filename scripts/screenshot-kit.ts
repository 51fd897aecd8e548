// What both screenshot walks (screenshots.ts, screenshots-hindi.ts) need: a tiny upload, a new customer's
// mobile and PAN, a per-walk client address, a code from the sandbox SMS outbox, and the browser.
import { randomBytes } from "node:crypto";
import { chromium, type Browser, type Page } from "@playwright/test";
import { ensureDebianTool } from "./debian-tools.ts";

/** Debian's full Chromium, as a borrower's browser draws the page (the browser tests use its headless shell). */
export function launchChromium(): Promise<Browser> {
  ensureDebianTool("/usr/bin/chromium", "chromium", "The screenshot walks");
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
/** A 1x1 PNG to upload as a document. */
export const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

/** Each walk is its own client, so per-address limits never meet. */
export const clientAddress = () => ({ "x-forwarded-for": `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0] % 250) + 1}` });

export function randomMobile() {
  return `9${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, "0")}`;
}

export function randomPan() {
  const b = randomBytes(7);
  const l = (i: number) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[b[i] % 26];
  return `${l(0)}${l(1)}${l(2)}P${l(3)}${1000 + (b.readUInt16BE(4) % 9000)}${l(6)}`;
}

export async function fromOutbox(page: Page, mobile: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const messages = (await (await page.request.get("/dev/outbox.json")).json()) as { to: string; text: string }[];
    const code = messages
      .filter((m) => m.to === mobile)
      .map((m) => m.text.match(pattern)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No code for ${mobile} in the sandbox outbox`);
}
