import { Link } from "react-router";
import { parseInline, splitParagraphs } from "../../content/text.ts";

/** One paragraph of the content convention: plain text with `[text](/path)` links, always escaped. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((seg, i) =>
        seg.kind === "link" ? (
          <Link key={i} to={seg.href}>{seg.text}</Link>
        ) : (
          <span key={i}>{seg.text}</span>
        ),
      )}
    </>
  );
}

/** An '@'-separated field rendered as paragraphs with inline links. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {splitParagraphs(text).map((p, i) => (
        <p key={i}>
          <InlineText text={p} />
        </p>
      ))}
    </>
  );
}
