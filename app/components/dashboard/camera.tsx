import { useEffect, useRef, useState } from "react";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { useT } from "../../lib/i18n.tsx";

/** Camera capture defaults of spec section 9. */
const FORMAT = "image/webp";
const QUALITY = 0.92;

function cameraProblem(error: unknown): MessageKey {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "journey.camera.refused";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "journey.camera.none";
  if (name === "NotReadableError") return "journey.camera.busy";
  return "journey.camera.failed";
}

/**
 * A selfie camera that asks for permission only when opened. `hasUserMedia` becomes true
 * when the stream starts and false on error (spec section 4). Gives back a data URL.
 */
export function Camera({ onCapture, onClose }: { onCapture: (dataUrl: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [hasUserMedia, setHasUserMedia] = useState(false);
  const [problem, setProblem] = useState<MessageKey | "">("");
  const t = useT();

  useEffect(() => {
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem("journey.camera.unsupported");
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "user" }, audio: false })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop());
        stream.current = s;
        if (video.current) video.current.srcObject = s;
        setHasUserMedia(true);
      })
      .catch((error) => {
        setHasUserMedia(false);
        setProblem(cameraProblem(error));
      });
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  function capture() {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")?.drawImage(v, 0, 0);
    const url = canvas.toDataURL(FORMAT, QUALITY);
    // Browsers without WebP encoding fall back to PNG, which is also accepted.
    onCapture(url);
  }

  return (
    <div className="camera">
      {problem ? (
        <p className="alert alert-error" role="alert">
          {t(problem)}
        </p>
      ) : (
        <>
          <video ref={video} autoPlay playsInline muted aria-label={t("journey.camera.preview")} />
          {!hasUserMedia ? <p role="status">{t("journey.camera.waiting")}</p> : null}
        </>
      )}
      <div className="camera-actions">
        {hasUserMedia ? (
          <button type="button" className="btn btn-primary" onClick={capture}>
            {t("journey.camera.capture")}
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t("journey.camera.close")}
        </button>
      </div>
    </div>
  );
}
