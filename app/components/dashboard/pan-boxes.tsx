import { useRef } from "react";
import { filterPanInput, panBoxKind, sanitizePanChar } from "../../../core/validation/index.ts";
import { useT } from "../../lib/i18n.tsx";

const LENGTH = 10;

/**
 * Ten single-character PAN boxes (spec sections 2 and 5): 1-5 and 10 take letters, 6-9
 * digits; typing upper-cases and advances, Backspace on an empty box goes back, and
 * pasting a whole PAN fills every box.
 */
export function PanBoxes({
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
}: {
  value: string[];
  onChange: (chars: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => inputs.current[Math.max(0, Math.min(LENGTH - 1, i))]?.focus();

  function spread(start: number, text: string) {
    const next = [...value];
    let i = start;
    for (const ch of text) {
      if (i >= LENGTH) break;
      const c = sanitizePanChar(i, ch);
      if (c) next[i++] = c;
    }
    onChange(next);
    focus(i);
  }

  return (
    <div className="pan-boxes">
      {Array.from({ length: LENGTH }, (_, i) => {
        const digit = panBoxKind(i) === "digit";
        return (
          <input
            key={i}
            ref={(el) => {
              inputs.current[i] = el;
            }}
            className={`pan-box${digit ? " pan-box-digit" : ""}`}
            type="text"
            inputMode={digit ? "numeric" : "text"}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={2}
            aria-label={t("journey.pan.box", { n: i + 1, kind: digit ? "digit" : "letter" })}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            value={value[i] ?? ""}
            onChange={(event) => {
              const typed = event.target.value;
              if (!typed) {
                const next = [...value];
                next[i] = "";
                onChange(next);
                return;
              }
              // A box holding a character gets the new one appended: keep the last typed.
              const ch = sanitizePanChar(i, typed.slice(-1));
              if (!ch) return;
              const next = [...value];
              next[i] = ch;
              onChange(next);
              if (i < LENGTH - 1) focus(i + 1);
            }}
            onKeyDown={(event) => {
              if (event.key === "Backspace" && !value[i] && i > 0) {
                event.preventDefault();
                const next = [...value];
                next[i - 1] = "";
                onChange(next);
                focus(i - 1);
              } else if (event.key === "ArrowLeft") focus(i - 1);
              else if (event.key === "ArrowRight") focus(i + 1);
            }}
            onPaste={(event) => {
              const text = event.clipboardData.getData("text");
              const whole = filterPanInput(text);
              event.preventDefault();
              if (whole.length === LENGTH) {
                onChange(whole.split(""));
                focus(LENGTH - 1);
              } else spread(i, text);
            }}
            onFocus={(event) => event.target.select()}
          />
        );
      })}
    </div>
  );
}
