"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH, passwordLength } from "@/lib/auth-rules";
import type { StrengthRating } from "./password-strength-engine";

type Engine = typeof import("./password-strength-engine");
let engine: Promise<Engine> | null = null;
/** The estimator is fetched once, on first use (never part of a page's first load). */
function loadEngine(): Promise<Engine> {
  engine ??= import("./password-strength-engine").catch((error: unknown) => {
    engine = null;
    throw error;
  });
  return engine;
}

const COLOURS = ["bg-red-600", "bg-red-500", "bg-amber-500", "bg-emerald-500", "bg-emerald-600"] as const;

/**
 * A strength hint under a new-password field: the length rule at once, then zxcvbn-ts's estimate
 * with its warning once the estimator has loaded. A hint only: the server decides (length, and
 * refusing common passwords).
 */
export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const [rating, setRating] = useState<StrengthRating | null>(null);
  const t = useTranslations("auth.strength");
  const inputs = userInputs.join("\n");

  useEffect(() => {
    if (!password) return;
    let current = true;
    loadEngine()
      .then((e) => {
        if (current) setRating(e.rate(password, inputs ? inputs.split("\n") : []));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [password, inputs]);

  const length = passwordLength(password);
  const shown = password ? rating : null;
  // the estimator's feedback is a catalogue key; one this catalogue does not know is left out
  const feedback = (key: string | null | undefined) => {
    const path = `feedback.${key}`;
    return key && t.has(path as never) ? t(path as never) : null;
  };
  let advice: string;
  if (!password) advice = t("advice", { recommended: PASSWORD_RECOMMENDED_LENGTH });
  else if (length < PASSWORD_MIN_LENGTH) advice = t("tooShort", { min: PASSWORD_MIN_LENGTH, missing: PASSWORD_MIN_LENGTH - length });
  else if (length > PASSWORD_MAX_LENGTH) advice = t("tooLong", { max: PASSWORD_MAX_LENGTH });
  else
    advice =
      feedback(shown?.warning) ??
      feedback(shown?.suggestion) ??
      (length < PASSWORD_RECOMMENDED_LENGTH ? t("better", { recommended: PASSWORD_RECOMMENDED_LENGTH }) : "");

  return (
    <div className="mt-1 text-xs text-[var(--muted-fg)]" data-testid="password-strength" aria-live="polite">
      {shown && (
        <div className="flex items-center gap-2">
          <div className="flex h-1.5 flex-1 gap-1" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <span key={i} className={`h-full flex-1 rounded ${i < Math.max(1, shown.score) ? COLOURS[shown.score] : "bg-[var(--border)]"}`} />
            ))}
          </div>
          <span className="font-medium">{t("rating", { score: String(shown.score) })}</span>
        </div>
      )}
      {advice && <p className="mt-0.5">{advice}</p>}
    </div>
  );
}
