import { useEffect, useRef, useState } from "react";

/** Camera capture defaults of spec section 9. */
const FORMAT = "image/webp";
const QUALITY = 0.92;

function cameraProblem(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError") {
    return "Camera access was refused. To take a selfie, allow the camera for this site in your browser's settings and try again, or choose a photo from your device instead.";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No camera was found on this device. Please choose a photo from your device instead.";
  if (name === "NotReadableError") return "Your camera is being used by another app. Close that app and try again, or choose a photo instead.";
  return "The camera could not be started. Please choose a photo from your device instead.";
}

/**
 * A selfie camera that asks for permission only when opened. `hasUserMedia` becomes true
 * when the stream starts and false on error (spec section 4). Gives back a data URL.
 */
export function Camera({ onCapture, onClose }: { onCapture: (dataUrl: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [hasUserMedia, setHasUserMedia] = useState(false);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem("This browser cannot use a camera here. Please choose a photo from your device instead.");
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
          {problem}
        </p>
      ) : (
        <>
          <video ref={video} autoPlay playsInline muted aria-label="Camera preview" />
          {!hasUserMedia ? <p role="status">Waiting for camera permission…</p> : null}
        </>
      )}
      <div className="camera-actions">
        {hasUserMedia ? (
          <button type="button" className="btn btn-primary" onClick={capture}>
            Capture photo
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close camera
        </button>
      </div>
    </div>
  );
}
