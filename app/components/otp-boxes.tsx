import { forwardRef, useImperativeHandle, useRef } from "react";
import { useT } from "../lib/i18n.tsx";

export interface OtpBoxesHandle {
  focusFirst(): void;
}

/**
 * N single-digit boxes: typing advances, Backspace on an empty box moves back,
 * and pasting a whole code fills every box (spec sections 2 and 5).
 */
export const OtpBoxes = forwardRef<
  OtpBoxesHandle,
  {
    length: number;
    value: string[];
    onChange: (digits: string[]) => void;
    invalid?: boolean;
    describedBy?: string;
    disabled?: boolean;
  }
>(function OtpBoxes({ length, value, onChange, invalid, describedBy, disabled }, ref) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const t = useT();
  useImperativeHandle(ref, () => ({ focusFirst: () => inputs.current[0]?.focus() }));

  const fill = (start: number, digits: string) => {
    const next = [...value];
    let i = start;
    for (const d of digits) {
      if (i >= length) break;
      next[i++] = d;
    }
    onChange(next);
    inputs.current[Math.min(i, length - 1)]?.focus();
  };

  return (
    <div className="otp-boxes">
      {Array.from({ length }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            inputs.current[i] = el;
          }}
          className="otp-box"
          type="text"
          inputMode="numeric"
          autoComplete={i === 0 ? "one-time-code" : "off"}
          pattern="[0-9]*"
          maxLength={i === 0 ? length : 1}
          aria-label={t("apply.otpDigit", { n: i + 1, length })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={value[i] ?? ""}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, "");
            if (!digits) {
              const next = [...value];
              next[i] = "";
              onChange(next);
              return;
            }
            // One character typed, or several from autofill: spread them forward.
            fill(i, digits.length > 1 && value[i] && digits.startsWith(value[i]) ? digits.slice(1) : digits);
          }}
          onKeyDown={(event) => {
            if (event.key === "Backspace" && !value[i] && i > 0) {
              event.preventDefault();
              const next = [...value];
              next[i - 1] = "";
              onChange(next);
              inputs.current[i - 1]?.focus();
            } else if (event.key === "ArrowLeft" && i > 0) {
              inputs.current[i - 1]?.focus();
            } else if (event.key === "ArrowRight" && i < length - 1) {
              inputs.current[i + 1]?.focus();
            }
          }}
          onPaste={(event) => {
            const digits = event.clipboardData.getData("text").replace(/\D/g, "");
            if (!digits) return;
            event.preventDefault();
            fill(digits.length >= length ? 0 : i, digits.slice(0, length));
          }}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
});
