import { useId, type ReactNode } from "react";

/**
 * A back office table with its caption as the visible label. On a phone each row becomes a card whose cells
 * show their column name (give every <td> a data-label); if it is still wider than the screen it scrolls
 * sideways inside its own box, a labelled region reachable by keyboard (Tab, then the arrow keys).
 */
export function AdminTable({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="admin-table-wrap admin-cards" role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
