import { useEffect, useRef, useState } from "react";
import { journey, logoutLocally } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.tsx";

/** The confirmation of spec section 2; Logout revokes the session on the server, then clears local state. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  async function logout() {
    setBusy(true);
    // Whatever the server says, this browser is signed out.
    await journey({ event_name: "logout" }, { keepSession: true });
    logoutLocally();
  }

  return (
    <dialog ref={ref} aria-labelledby="logout-title" onClose={onClose} onCancel={onClose}>
      <h2 id="logout-title">{t("dashboard.logout")}</h2>
      <p>{t("dashboard.logoutConfirm")}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
          {t("dashboard.cancel")}
        </button>
        <button type="button" className="btn btn-primary" onClick={logout} disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t("dashboard.logout")}
        </button>
      </div>
    </dialog>
  );
}
