import { data } from "react-router";

/** Any path no other route claims is a real 404 (the root error boundary renders it). */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
