import { stepProgress } from "../../../core/journey/index.ts";
import { useDashboardData } from "../../lib/dashboard-data.ts";
import { useT } from "../../lib/i18n.tsx";

/**
 * "Step 3 of 5" above a step screen's title: the five profile steps, or the application stages
 * (core/journey/stage-cards.ts). Nothing when the screen is opened to update a finished step.
 */
export function StepCounter({ step, hidden = false }: { step: string; hidden?: boolean }) {
  const { data } = useDashboardData();
  const t = useT();
  const progress = hidden ? null : stepProgress(step, data?.Steps.data.user_type);
  if (!progress) return null;
  return (
    <p className="step-counter">
      <span className="step-counter-list">{t(progress.list)}: </span>
      {t("journey.stepOf", { n: progress.n, of: progress.of })}
    </p>
  );
}
