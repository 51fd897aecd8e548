import { useId, useState } from "react";

export interface FaqEntry {
  question: string;
  answer: string;
}

/** At most one answer open; clicking the open question closes it. Works as a disclosure list. */
export function FaqAccordion({ items, headingLevel = 3 }: { items: FaqEntry[]; headingLevel?: 2 | 3 }) {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="faq">
      {items.map((item, i) => {
        const isOpen = open === i;
        return (
          <div className="faq-item" key={item.question}>
            <Heading>
              <button
                type="button"
                className="faq-q"
                id={`${base}-q${i}`}
                aria-expanded={isOpen}
                aria-controls={`${base}-a${i}`}
                onClick={() => setOpen(isOpen ? null : i)}
              >
                {item.question}
              </button>
            </Heading>
            <div className="faq-a" id={`${base}-a${i}`} role="region" aria-labelledby={`${base}-q${i}`} hidden={!isOpen}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
