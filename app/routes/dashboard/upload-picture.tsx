import { useRef, useState } from "react";
import { Form, data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/upload-picture.ts";
import { Camera } from "../../components/dashboard/camera.tsx";
import { FormAlert, SubmitButton } from "../../components/dashboard/form-bits.tsx";
import { StepScreen } from "../../components/dashboard/step-screen.tsx";
import { isUpdate, requireApi, submitJourneyEvent } from "../../lib/dashboard.server.ts";
import type { JourneyFormReply } from "../../lib/use-journey-form.ts";
import { LIMITS, messageCode, decodeBase64Head, sniffFileType } from "../../../core/validation/index.ts";
import { KYC_CODES, ONBOARDING_CODES, messageText, type CodedMessage } from "../../../core/i18n/index.ts";
import { serverContext } from "../../lib/server-context.ts";
import { FieldError } from "../../components/field-error.tsx";
import { useCodeText, useT } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.selfie.title");

const EXT = { jpeg: "JPEG", png: "PNG", webp: "WEBP" } as const;
/** The form carries one image (5 MB, or its base64 from the camera) plus the multipart framing. */
const FORM_LIMIT = Math.ceil(LIMITS.maxImageBytes * 1.4) + 64 * 1024;

/**
 * The selfie as a form post (works without JavaScript): a chosen file (`file`) or the camera's
 * capture (`file_data`, a data URL) becomes the selfie_upload event, sent in-process like every step.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireApi(context); // no session: to Apply Now before the body is read
  // Worded here in the page's language, as the server words its own answers (decision 60).
  const tooLarge = messageText(context.get(serverContext).language ?? "en", KYC_CODES.fileTooLarge(LIMITS.maxImageBytes / (1024 * 1024)));
  if (Number(request.headers.get("content-length") ?? 0) > FORM_LIMIT) {
    return data<JourneyFormReply>({ message: tooLarge, errors: { file: tooLarge }, values: {} }, { status: 413 });
  }
  const form = await request.formData();
  const picked = form.get("file");
  const captured = form.get("file_data");
  let file = "";
  if (picked instanceof File && picked.size > 0) file = Buffer.from(await picked.arrayBuffer()).toString("base64");
  else if (typeof captured === "string" && captured) file = captured.slice(captured.indexOf(",") + 1);
  const type = file ? sniffFileType(decodeBase64Head(file)) : null;
  // The server judges the content again (decision 19); the extension only follows it.
  const fileExt = type === "jpeg" || type === "png" || type === "webp" ? EXT[type] : "";
  return submitJourneyEvent(context, { event_name: "selfie_upload", file, file_ext: fileExt }, { values: {}, update: isUpdate(request) });
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The same content check as the server (decision 19): magic bytes and the 5 MB limit. */
function checkImage(dataUrl: string): { ext: string } | { problem: CodedMessage } {
  const b64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const type = sniffFileType(decodeBase64Head(b64));
  if (type !== "jpeg" && type !== "png" && type !== "webp") return { problem: ONBOARDING_CODES.selfieNotImage };
  if ((b64.length / 4) * 3 > LIMITS.maxImageBytes + 2) return { problem: KYC_CODES.fileTooLarge(LIMITS.maxImageBytes / (1024 * 1024)) };
  return { ext: EXT[type] };
}

function SelfieForm() {
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const fileInput = useRef<HTMLInputElement>(null);
  // `captured`: the camera's photo, sent as file_data; a chosen or dropped file travels in the file input.
  const [image, setImage] = useState<{ url: string; captured: boolean } | null>(null);
  const [problem, setProblem] = useState("");
  const [camera, setCamera] = useState(false);
  const [dragging, setDragging] = useState(false);
  const t = useT();
  const codeText = useCodeText();

  async function take(file: Blob | undefined | null) {
    if (!file) return;
    showChosen(await readAsDataUrl(file), false);
  }
  function showChosen(url: string, captured: boolean) {
    const checked = checkImage(url);
    // A refused or captured image must not travel in the file input.
    if ("problem" in checked || captured) {
      if (fileInput.current) fileInput.current.value = "";
    }
    if ("problem" in checked) {
      setImage(null);
      setProblem(codeText(checked.problem));
    } else {
      setImage({ url, captured });
      setProblem("");
    }
  }

  function onSubmit(event: React.FormEvent) {
    if (!image) {
      event.preventDefault();
      setProblem(codeText(messageCode("selfieRequired")));
    }
  }

  return (
    <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate>
      <p className="hint">{t("journey.selfie.hint")}</p>
      {camera ? (
        <Camera
          onCapture={(url) => {
            showChosen(url, true);
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
            // The dropped file goes into the file input, so the form posts it like a chosen one.
            if (fileInput.current && e.dataTransfer.files.length) fileInput.current.files = e.dataTransfer.files;
            void take(e.dataTransfer.files[0]);
          }}
        >
          {image ? <img className="selfie-preview" src={image.url} alt={t("journey.selfie.preview")} /> : <p>{t("journey.selfie.drop")}</p>}
          <div className="drop-actions">
            <label className="btn btn-secondary file-button">
              {image ? t("journey.selfie.another") : t("journey.selfie.select")}
              <input
                ref={fileInput}
                className="visually-hidden"
                type="file"
                name="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={(e) => void take(e.target.files?.[0])}
              />
            </label>
            <button type="button" className="btn btn-secondary" onClick={() => setCamera(true)}>
              {t("journey.selfie.take")}
            </button>
          </div>
        </div>
      )}
      <FieldError message={problem} />
      {image?.captured ? <input type="hidden" name="file_data" value={image.url} /> : null}
      <FormAlert message={reply?.errors.file ?? reply?.message ?? ""} />
      <SubmitButton busy={busy}>{t("journey.selfie.upload")}</SubmitButton>
    </Form>
  );
}

export default function UploadPicture() {
  const t = useT();
  return (
    <StepScreen step="selfie_upload" title={t("journey.selfie.heading")} updateTitle={t("journey.selfie.updateHeading")}>
      {() => <SelfieForm />}
    </StepScreen>
  );
}
