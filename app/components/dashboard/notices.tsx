import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useCodeText } from "../../lib/i18n.tsx";

/** Spec section 9: snackbars (success notices) last 3 seconds. */
export const SNACKBAR_MS = 3000;

type Kind = "success" | "error";
interface NotifyOptions {
  /** The message belongs to the page the step moves on to (the caller navigates next), not to this one. */
  nextPage?: boolean;
}
interface Notices {
  notify(message: string, kind?: Kind, options?: NotifyOptions): void;
  /** Loads the dashboard data again (header chip, next step) after a step sent from the browser. */
  refreshChip(): void;
}

const NoticesContext = createContext<Notices>({ notify: () => {}, refreshChip: () => {} });
export const NoticesProvider = NoticesContext.Provider;
export const useNotices = () => useContext(NoticesContext);

/** A notice and the page it belongs to (null: the next page the customer lands on). */
interface Notice {
  message: string;
  kind: Kind;
  id: number;
  path: string | null;
}

/**
 * The snackbar: a live region at the top of the content (polite for success, assertive for
 * errors), in the page flow so it never covers a field or the Continue button. A notice belongs
 * to one page: it shows there for 3 seconds and goes when the customer moves on, so "Selfie
 * uploaded successfully." is never seen on a later screen.
 */
export function useSnackbar(initial?: string) {
  const { pathname } = useLocation();
  // A notice that came with the page is in the server-rendered HTML too (no JavaScript needed to read it).
  const [notice, setNotice] = useState<Notice | null>(initial ? { message: initial, kind: "success", id: 0, path: pathname } : null);
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);

  const notify = useCallback((message: string, kind: Kind = "success", options: NotifyOptions = {}) => {
    setNotice({ message, kind, id: Date.now(), path: options.nextPage ? null : here.current });
  }, []);

  // A move: a notice waiting for the next page is claimed by it; any other notice is dropped.
  useEffect(() => {
    setNotice((n) => (!n || n.path === pathname ? n : n.path === null ? { ...n, path: pathname } : null));
  }, [pathname]);

  // 3 seconds from when it shows on its own page.
  const shownId = notice && notice.path === pathname ? notice.id : undefined;
  useEffect(() => {
    if (shownId === undefined) return;
    const timer = setTimeout(() => setNotice((n) => (n?.id === shownId ? null : n)), SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [shownId]);

  const shown = notice && notice.path === pathname ? notice : null;
  // Issue 23: a server's English notice (a step's answer) is shown in the page's language.
  const words = useCodeText();
  const view = (
    <div className="snackbar-region">
      <div role="status" aria-live="polite" className={shown?.kind === "success" ? "snackbar snackbar-success" : "visually-hidden"}>
        {shown?.kind === "success" ? words(shown.message) : ""}
      </div>
      {/* role=alert is read out when it appears, so it is only in the page while it has something to say. */}
      {shown?.kind === "error" ? (
        <div role="alert" className="snackbar snackbar-error">
          {words(shown.message)}
        </div>
      ) : null}
    </div>
  );
  return { notify, view };
}
