import type { Kfs } from "../../../core/kfs.ts";
import { useRichT } from "../../lib/i18n.tsx";

/** The Key Fact Statement as a page section: every item of regulatory.md, under its proposal number. */
export function KfsView({ kfs, headingLevel = 2 }: { kfs: Kfs; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const rich = useRichT();
  return (
    <section className="card kfs" aria-labelledby="kfs-title" id="kfs">
      <H id="kfs-title">{kfs.title}</H>
      <p className="kfs-proposal">
        {rich("journey.kfs.proposalLine", { proposal: kfs.proposalNumber, strong: (chunks) => <strong data-testid="kfs-proposal-number">{chunks}</strong> })}
      </p>
      {kfs.sections.map((section, i) => (
        <div key={section.title} className="kfs-section">
          <Sub id={`kfs-section-${i}`}>{section.title}</Sub>
          <table className="kfs-table" aria-labelledby={`kfs-section-${i}`}>
            <tbody>
              {section.items.map((item) => (
                <tr key={item.id} data-kfs-item={item.id}>
                  <th scope="row">{item.label}</th>
                  <td data-testid={`kfs-${item.id}`}>{item.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
