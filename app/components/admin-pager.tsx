import { Link } from "react-router";

/** Paging and age order for the back office tables; plain links, so it works without JavaScript. */
export function AdminPager({
  page,
  pageSize,
  total,
  order,
  search,
}: {
  page: number;
  pageSize: number;
  total: number;
  order: string;
  search: URLSearchParams;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    return `?${next.toString()}`;
  };
  return (
    <nav className="admin-pager" aria-label="Pages">
      <Link to={href({ order: order === "oldest" ? "newest" : "oldest", page: "1" })}>
        Sort: {order === "oldest" ? "oldest first" : "newest first"} (change)
      </Link>
      {page > 1 ? <Link to={href({ page: String(page - 1) })}>Previous</Link> : null}
      <span>
        Page {page} of {pages} ({total})
      </span>
      {page < pages ? <Link to={href({ page: String(page + 1) })}>Next</Link> : null}
    </nav>
  );
}
