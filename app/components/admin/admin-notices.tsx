// What an admin page says above its content (English only): the last action's outcome and a refusal of
// the page itself. Two layouts are in use; each page keeps the one it has.
type Said = { message?: string | null; failure?: { message: string } | null } | undefined;

/** The action's message and refusal in live regions that are always present, then the page's refusal. */
export function ActionNotices({ result, failure }: { result: Said; failure?: { message: string } | null }) {
  return (
    <>
      <div role="status">{result?.message ? <p className="notice">{result.message}</p> : null}</div>
      <div role="alert">{result?.failure ? <p className="error">{result.failure.message}</p> : null}</div>
      {failure ? <p className="error">{failure.message}</p> : null}
    </>
  );
}

/** The page's refusal, the action's refusal and the action's message, each shown only when there is one. */
export function DeskAlerts({ done, failure }: { done: Said; failure: { message: string } | null }) {
  return (
    <>
      {failure ? (
        <p className="error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {done?.failure ? (
        <p className="error" role="alert">
          {done.failure.message}
        </p>
      ) : null}
      {done?.message ? <p role="status">{done.message}</p> : null}
    </>
  );
}

/** A page that could not load: its refusal alone. */
export function PageRefusal({ failure }: { failure: { message: string } | null | undefined }) {
  return (
    <p className="error" role="alert">
      {failure?.message}
    </p>
  );
}
