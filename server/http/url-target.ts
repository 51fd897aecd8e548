// A request's target read off its serialized URL (Request.url), without parsing the URL again: the hot
// paths (the page cache's fast path, the access log) read it on every request.

/** The path and query of a serialized URL: the text after its authority. */
export function targetOf(url: string): string {
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}

/** The path of a serialized URL, as URL's pathname gives it: its target up to the query or fragment. */
export function pathOf(url: string): string {
  const target = targetOf(url);
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}
