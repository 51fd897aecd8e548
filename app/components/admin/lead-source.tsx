// Issue 32: where an application came from, on every desk that lists or shows one: "ONDC" with the buyer
// app's subscriber id, or "Website". Words, not colour: the tag's border only frames them.
import { Link } from "react-router";
import { ondcTransactionPath, type LeadSource } from "../../../core/admin/lead-source.ts";
import type { StaffRole } from "../../../core/staff.ts";
import { Row } from "../credit-review-forms.tsx";

/** The source as a tag, for a table cell: "ONDC" and the buyer app below it, or "Website". */
export function LeadSourceTag({ source }: { source: LeadSource }) {
  if (source.kind === "website") return <span className="admin-source">Website</span>;
  return (
    <>
      <span className="admin-source admin-source-ondc">ONDC</span>
      {source.bapId ? (
        <>
          <br />
          <small className="admin-source-app">buyer app {source.bapId}</small>
        </>
      ) : null}
    </>
  );
}

/** The source as a row of a page's facts; an ONDC one links to its transaction for the roles that may open it. */
export function LeadSourceRow({ source, role }: { source: LeadSource; role: StaffRole }) {
  const path = ondcTransactionPath(source, role);
  return (
    <Row label="Source" testId="lead-source">
      <LeadSourceTag source={source} />
      {path ? (
        <>
          <br />
          <Link to={path}>ONDC transaction and its messages</Link>
        </>
      ) : null}
    </Row>
  );
}
