import { Link } from "react-router";
import { parseInline, splitParagraphs } from "../../content/text.ts";
import { useLocalizedPath } from "../../lib/i18n.tsx";

/** One paragraph of the content convention: plain text with `[text](/path)` links, always escaped. */
export function InlineText({ text }: { text: string }) {
  // A link to a page that has a Hindi version stays in Hindi on a Hindi page.
  const to = useLocalizedPath();
  return (
    <>
      {parseInline(text).map((seg, i) =>
        seg.kind === "link" ? (
          <Link key={i} to={to(seg.href)}>
            {seg.text}
          </Link>
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
