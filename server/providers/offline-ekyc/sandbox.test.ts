// The sandbox UIDAI through the running app: its page makes a ZIP the product's reader accepts with the
// keys the trust port gives; bad input gets the form back with the fields marked, and no file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test-support/test-app.ts";
import { readOfflineEkyc } from "./port.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PAGE = "/sandbox/uidai/offline-ekyc";
const good = {
  name: "Asha Kulkarni",
  dob: "1991-03-09",
  gender: "F",
  last4: "5608",
  mobile: "9812345670",
  shareCode: "7240",
  house: "5",
  street: "FC Road",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411004",
  hoursAgo: "0",
};
const post = (fields: Record<string, string>) =>
  t.app.request(PAGE, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

describe("the sandbox UIDAI's offline e-KYC page", () => {
  it("shows a labelled form", async () => {
    const res = await t.app.request(PAGE);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Paperless offline e-KYC</h1>");
    expect(html).toContain('<label for="shareCode">Share code (4 digits: the ZIP&#39;s password)</label>');
  });

  it("makes a ZIP signed with the key the sandbox trusts, which the reader accepts with every field", async () => {
    const res = await post(good);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="offlineaadhaar5608.zip"');
    const zip = new Uint8Array(await res.arrayBuffer());
    const signers = await t.services.offlineEkycTrust.signers();
    const read = await readOfflineEkyc({ zip, shareCode: "7240", signers, now: t.clock.now(), aadhaarLast4: "5608" });
    if (!read.ok) throw new Error(read.refused);
    expect(read.record).toMatchObject({
      name: "Asha Kulkarni",
      dob: "1991-03-09",
      gender: "F",
      address: { house: "5", street: "FC Road", vtc: "Pune", district: "Pune", state: "Maharashtra", pincode: "411004" },
    });
    expect(read.record.generatedAt).toEqual(t.clock.now());
    // The sandbox's key is kept, so a second file is signed by the same one.
    const again = new Uint8Array(await (await post({ ...good, shareCode: "1111" })).arrayBuffer());
    expect((await readOfflineEkyc({ zip: again, shareCode: "1111", signers: await t.services.offlineEkycTrust.signers(), now: t.clock.now() })).ok).toBe(true);
  });

  it("makes a stale file when asked, which the reader refuses", async () => {
    const zip = new Uint8Array(await (await post({ ...good, hoursAgo: "73" })).arrayBuffer());
    const read = await readOfflineEkyc({ zip, shareCode: "7240", signers: await t.services.offlineEkycTrust.signers(), now: t.clock.now() });
    expect(read).toEqual({ ok: false, refused: "stale" });
  });

  it("answers bad input with the form, each wrong field marked, and no file", async () => {
    const res = await post({ ...good, shareCode: "72a0", pincode: "4110" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("Some fields need a look: 2 to fix.");
    expect(html).toContain('id="shareCode" name="shareCode" value="72a0" aria-invalid="true" aria-describedby="shareCode-error"');
    expect(html).toContain('id="pincode" name="pincode" value="4110" aria-invalid="true"');
    expect(html).not.toContain('id="name" name="name" value="Asha Kulkarni" aria-invalid');
  });
});
