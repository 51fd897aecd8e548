import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { acceptsEvent, screenFor, type NextStep } from "../../../core/journey/index.ts";
import { useDashboardData, type DashboardData } from "../../lib/dashboard-data.ts";
import { BackLink } from "./form-bits.tsx";
import { StepBody } from "./step-screen.tsx";
import { StepCounter } from "./step-counter.tsx";
import { useT } from "../../lib/i18n.tsx";

/**
 * A screen of the eKYC or documents stage: title, Back link, and the content once the server's
 * next_step is in this screen's stage (decision 9); otherwise a link to the current step.
 */
export function KycScreen(props: {
  step: NextStep;
  title: string;
  back?: { to: string; label: string };
  intro?: ReactNode;
  /** Later steps of the same stage whose own screen should open instead (e.g. the dashboard's EKYC card after verification). */
  forwardFrom?: readonly NextStep[];
  children: (data: DashboardData) => ReactNode;
}) {
  const { data, error } = useDashboardData();
  const t = useT();
  const open = data ? acceptsEvent({ event: props.step, current: data.next_event_name, isEditable: 0 }) : false;
  if (data && props.forwardFrom?.includes(data.next_event_name as NextStep)) return <Navigate to={screenFor(data.next_event_name)} replace />;
  return (
    <section className="step-page" aria-labelledby="step-title">
      <BackLink to={props.back?.to ?? "/my-dashboard"} label={props.back?.label ?? t("journey.backToDashboard")} />
      <div className="card step-card">
        <StepCounter step={props.step} />
        <h1 id="step-title">{props.title}</h1>
        {props.intro}
        <StepBody error={error} data={data} open={open}>
          {props.children}
        </StepBody>
      </div>
    </section>
  );
}

/** Reads a chosen file as base64 (no data: prefix) with its upper-cased extension. */
export function readFileAsBase64(file: File): Promise<{ base64: string; ext: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = String(reader.result ?? "");
      const fromName = file.name.includes(".") ? file.name.split(".").pop()!.toUpperCase() : "";
      const fromType =
        ({ "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WEBP", "application/pdf": "PDF" } as Record<string, string>)[file.type] ?? "";
      resolve({ base64: text.slice(text.indexOf(",") + 1), ext: fromName || fromType });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** POSTs JSON with upload progress (fetch has none), resolving to the envelope or a Status 0 one. */
export function postWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (percent: number) => void,
): Promise<{ Status: number; Message: string; Data?: T; errors?: Record<string, string> }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Accept", "application/json");
    // Issue 23: the answer in the page's language (the HTTP edge words known messages in Hindi).
    xhr.setRequestHeader("Accept-Language", document.documentElement.lang || "en");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        resolve({ Status: 0, Message: "" });
      }
    };
    xhr.onerror = () => resolve({ Status: 0, Message: "" });
    xhr.send(JSON.stringify(body));
  });
}

export const ACCEPT = { image: "image/jpeg,image/png,image/webp", pdf: "application/pdf" } as const;
