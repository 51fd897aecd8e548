/** The brand is a name, the same in every language, so it is not in the catalogue; the wordmark bolds its second half. */
const WORDMARK = { plain: "Salary", bold: "OnTime" } as const;

/** The SalaryOnTime wordmark: an inline SVG so it costs no request. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={`logo ${className ?? ""}`}>
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 64 64" focusable="false">
        <rect width="64" height="64" rx="14" fill="#0b5d46" />
        <path
          d="M20 40c2 4 6 6 12 6 7 0 12-3 12-9 0-11-22-7-22-16 0-4 4-7 10-7 5 0 8 2 10 5"
          fill="none"
          stroke="#ffd166"
          strokeWidth="6"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo-text">
        {WORDMARK.plain}
        <strong>{WORDMARK.bold}</strong>
      </span>
    </span>
  );
}
