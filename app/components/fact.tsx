import type { ReactNode } from "react";

/** One term and its value in a `<dl className="facts">`; nothing at all when the value is missing. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
