import { data } from "react-router";
import { NotFoundView } from "../../components/public/error-view.tsx";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** Any path no other route claims is a real 404, rendered inside the public layout. */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return <NotFoundView />;
}

export function ErrorBoundary() {
  return <NotFoundView />;
}
