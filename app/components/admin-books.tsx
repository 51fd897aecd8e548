// Pieces shared by the accountant's desk pages (issue 29): a date field with its message, a pager
// without sorting (the books run in date order), and money in rupees with paise.
import { Link } from "react-router";
import { formatPaise } from "../../core/format.ts";

export const paiseText = (paise: number) => formatPaise(paise, { decimals: 2 });
/** An amount, or a dash where there is none. */
export const paiseOrDash = (paise: number | null) => (paise === null ? "—" : paiseText(paise));
/** An amount shown only when there is one (a debit column leaves credits blank). */
export const amountOrBlank = (paise: number) => (paise ? paiseText(paise) : "");
/** A balance with its side, as accountants write it: "₹17,640.00 Cr". */
export const balanceText = (paise: number) => (paise === 0 ? paiseText(0) : `${paiseText(Math.abs(paise))} ${paise > 0 ? "Dr" : "Cr"}`);

export function DateField({ id, name, label, value, error }: { id: string; name: string; label: string; value: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        placeholder="YYYY-MM-DD"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      <p id={`${id}-error`} className="error">
        {error}
      </p>
    </div>
  );
}

export function BooksPager({ page, pageSize, total, search }: { page: number; pageSize: number; total: number; search: URLSearchParams }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const href = (n: number) => {
    const next = new URLSearchParams(search);
    next.set("page", String(n));
    return `?${next.toString()}`;
  };
  return (
    <nav className="admin-pager" aria-label="Pages">
      {page > 1 ? <Link to={href(page - 1)}>Previous</Link> : null}
      <span>
        Page {page} of {pages} ({total} lines)
      </span>
      {page < pages ? <Link to={href(page + 1)}>Next</Link> : null}
    </nav>
  );
}
