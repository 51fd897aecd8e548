/**
 * Helpers for the rich text convention described in `./types.ts`:
 * '@' separates paragraphs and `[text](/path)` is an inline link to one of our own pages.
 * Pure functions, no I/O, safe to use on the server and in the browser.
 */

export type InlineSegment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** Matches `[text](/path)`; the target must be site-relative (starts with one '/'). */
const INLINE_LINK = /\[([^\]]+)\]\((\/(?!\/)[^)\s]*)\)/g;

/** Splits an '@'-separated field into trimmed, non-empty paragraphs. */
export function splitParagraphs(text: string): string[] {
  return text
    .split("@")
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** Splits one paragraph into plain-text and link segments, in order. */
export function parseInline(paragraph: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  let last = 0;
  for (const match of paragraph.matchAll(INLINE_LINK)) {
    const start = match.index ?? 0;
    if (start > last) segments.push({ kind: "text", text: paragraph.slice(last, start) });
    segments.push({ kind: "link", text: match[1], href: match[2] });
    last = start + match[0].length;
  }
  if (last < paragraph.length) segments.push({ kind: "text", text: paragraph.slice(last) });
  return segments;
}

/** The same text with link markup removed (for meta tags, previews and search indexes). */
export function toPlainText(text: string): string {
  return splitParagraphs(text)
    .map((p) => p.replace(INLINE_LINK, "$1"))
    .join("\n\n");
}

/** Every link target used in a rich-text field (for tests that check internal links). */
export function linkTargets(text: string): string[] {
  return [...text.matchAll(INLINE_LINK)].map((m) => m[2]);
}
