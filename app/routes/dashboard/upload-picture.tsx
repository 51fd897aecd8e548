import { useState } from "react";
import type { Route } from "./+types/upload-picture.ts";
import { Camera } from "../../components/dashboard/camera.tsx";
import { FormAlert, SubmitButton } from "../../components/dashboard/form-bits.tsx";
import { StepScreen, useStepSubmit } from "../../components/dashboard/step-screen.tsx";
import { LIMITS, MESSAGES, ONBOARDING_MESSAGES as OM, decodeBase64Head, fileTooLargeMessage, sniffFileType } from "../../../core/validation/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Upload Picture | SalaryOnTime" }, { name: "robots", content: "noindex" }];

const EXT = { jpeg: "JPEG", png: "PNG", webp: "WEBP" } as const;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The same content check as the server (decision 19): magic bytes and the 5 MB limit. */
function checkImage(dataUrl: string): { ext: string } | { problem: string } {
  const b64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const type = sniffFileType(decodeBase64Head(b64));
  if (type !== "jpeg" && type !== "png" && type !== "webp") return { problem: OM.selfieNotImage };
  if ((b64.length / 4) * 3 > LIMITS.maxImageBytes + 2) return { problem: fileTooLargeMessage(LIMITS.maxImageBytes / (1024 * 1024)) };
  return { ext: EXT[type] };
}

function SelfieForm() {
  const { submit, busy, error } = useStepSubmit();
  const [image, setImage] = useState<{ url: string; ext: string } | null>(null);
  const [problem, setProblem] = useState("");
  const [camera, setCamera] = useState(false);
  const [dragging, setDragging] = useState(false);

  async function take(file: Blob | undefined | null) {
    if (!file) return;
    showChosen(await readAsDataUrl(file));
  }
  function showChosen(url: string) {
    const checked = checkImage(url);
    if ("problem" in checked) {
      setImage(null);
      setProblem(checked.problem);
    } else {
      setImage({ url, ext: checked.ext });
      setProblem("");
    }
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!image) return setProblem(MESSAGES.selfieRequired);
    await submit({ event_name: "selfie_upload", file: image.url.slice(image.url.indexOf(",") + 1), file_ext: image.ext });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="hint">Take a clear photo of your face in good light, without a cap or sunglasses. JPEG, PNG or WebP, up to 5 MB.</p>
      {camera ? (
        <Camera
          onCapture={(url) => {
            showChosen(url);
            setCamera(false);
          }}
          onClose={() => setCamera(false)}
        />
      ) : (
        <div
          className={`drop-zone${dragging ? " is-dragging" : ""}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void take(e.dataTransfer.files[0]);
          }}
        >
          {image ? <img className="selfie-preview" src={image.url} alt="Preview of your selected photo" /> : <p>Drop your photo here, or</p>}
          <div className="drop-actions">
            <label className="btn btn-secondary file-button">
              {image ? "Choose another photo" : "Select a photo"}
              <input className="visually-hidden" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void take(e.target.files?.[0])} />
            </label>
            <button type="button" className="btn btn-secondary" onClick={() => setCamera(true)}>
              Take a selfie
            </button>
          </div>
        </div>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Upload</SubmitButton>
    </form>
  );
}

export default function UploadPicture() {
  return (
    <StepScreen step="selfie_upload" title="Upload Picture" updateTitle="Update Picture">
      {() => <SelfieForm />}
    </StepScreen>
  );
}
