// A ZIP archive of stored (uncompressed) entries, written and read without a library: the CKYC upload is
// a ZIP holding the record file and one ZIP of images per customer (docs/decisions/compliance.md, issue 33).
// Images are JPEGs, already compressed, so entries are stored (method 0); the reader takes only what the
// writer writes and refuses anything else with a message. Pure TypeScript: core/ imports no Node module.

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as ZIP uses). */
export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder("utf-8", { fatal: true });

// A fixed time (1 January 1980, DOS's epoch) so the same entries make the same bytes.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const UTF8_NAMES = 0x0800;

/** The archive's bytes: local headers and data, then the central directory and its end record. */
export function writeZip(entries: ZipEntry[]): Uint8Array {
  const names = entries.map((e) => utf8.encode(e.name));
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  entries.forEach((entry, i) => {
    const name = names[i];
    const crc = crc32(entry.data);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, UTF8_NAMES, true);
    lv.setUint16(8, 0, true);
    lv.setUint16(10, DOS_TIME, true);
    lv.setUint16(12, DOS_DATE, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, entry.data.length, true);
    lv.setUint32(22, entry.data.length, true);
    lv.setUint16(26, name.length, true);
    lv.setUint16(28, 0, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, UTF8_NAMES, true);
    cv.setUint16(10, 0, true);
    cv.setUint16(12, DOS_TIME, true);
    cv.setUint16(14, DOS_DATE, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, entry.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, entry.data);
    centrals.push(central);
    offset += local.length + entry.data.length;
  });
  const centralSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + end.length);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export type ZipRead = { ok: true; entries: ZipEntry[] } | { ok: false; error: string };

/** The entries, in the central directory's order, or why the bytes are not a ZIP this reader takes. */
export function readZip(bytes: Uint8Array): ZipRead {
  const fail = (error: string): ZipRead => ({ ok: false, error });
  if (bytes.length < 22) return fail("The file is not a ZIP archive (too short).");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record has no comment when we write it; allow a comment of up to 64 KiB all the same.
  let endAt = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      endAt = i;
      break;
    }
  }
  if (endAt < 0) return fail("The file is not a ZIP archive (no end of central directory).");
  const count = view.getUint16(endAt + 10, true);
  const centralSize = view.getUint32(endAt + 12, true);
  let at = view.getUint32(endAt + 16, true);
  if (at + centralSize > endAt) return fail("The ZIP's central directory lies outside the file.");
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > endAt || view.getUint32(at, true) !== 0x02014b50) return fail(`The ZIP's directory entry ${n + 1} is damaged.`);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    let name: string;
    try {
      name = fromUtf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    } catch {
      return fail(`The ZIP's entry ${n + 1} has a name that is not UTF-8.`);
    }
    if (method !== 0) return fail(`The ZIP's entry "${name}" is compressed; only stored entries are taken.`);
    if (name.includes("..") || name.startsWith("/") || name.includes("\\")) return fail(`The ZIP's entry "${name}" has a path that is not allowed.`);
    if (localAt + 30 > bytes.length || view.getUint32(localAt, true) !== 0x04034b50) return fail(`The ZIP's entry "${name}" has no local header.`);
    const dataAt = localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
    if (dataAt + size > bytes.length) return fail(`The ZIP's entry "${name}" runs past the end of the file.`);
    const data = bytes.slice(dataAt, dataAt + size);
    if (crc32(data) !== crc) return fail(`The ZIP's entry "${name}" fails its CRC check.`);
    entries.push({ name, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries };
}
