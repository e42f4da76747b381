"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH, passwordLength } from "@/lib/auth-rules";
import type { PasswordAssessment } from "@/lib/password-guessability";

type Rule = typeof import("@/lib/password-guessability");
let rule: Promise<Rule> | null = null;
/** The rule and its dictionaries are fetched once, on first use (never part of a page's first load). */
function loadRule(): Promise<Rule> {
  rule ??= import("@/lib/password-guessability").catch((error: unknown) => {
    rule = null;
    throw error;
  });
  return rule;
}

const COLOURS = ["bg-red-600", "bg-red-500", "bg-amber-500", "bg-emerald-500", "bg-emerald-600"] as const;

export interface PasswordStrengthProps {
  password: string;
  /** the shop's name (a setting), checked as the server checks it */
  companyName: string;
  /** the person's name and e-mail address, where the form knows them (the server uses the same) */
  fullName?: string;
  email?: string;
}

/**
 * A strength hint under a new-password field: the length rule at once, then, once the rule has
 * loaded, the server's own verdict (src/lib/password-guessability): a password the server would
 * refuse shows the refusal's text (errors.reasons.passwordCommon, the key the server sends), any
 * other zxcvbn-ts's estimate and advice.
 */
export function PasswordStrength({ password, companyName, fullName = "", email = "" }: PasswordStrengthProps) {
  const [rating, setRating] = useState<PasswordAssessment | null>(null);
  const t = useTranslations("auth.strength");
  const reasons = useTranslations("errors.reasons");

  useEffect(() => {
    if (!password) return;
    let current = true;
    loadRule()
      .then((r) => {
        if (current) setRating(r.assessPassword(password, r.passwordContext({ companyName, fullName, email })));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [password, companyName, fullName, email]);

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
  else if (shown?.guessable) advice = reasons("passwordCommon");
  else
    advice =
      feedback(shown?.warning) ??
      feedback(shown?.suggestion) ??
      (length < PASSWORD_RECOMMENDED_LENGTH ? t("better", { recommended: PASSWORD_RECOMMENDED_LENGTH }) : "");

  return (
    <div className="mt-1 text-xs text-[var(--muted-fg)]" data-testid="password-strength" aria-live="polite">
      {shown && (
        <div className="flex items-center gap-2" data-testid="password-strength-verdict">
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
