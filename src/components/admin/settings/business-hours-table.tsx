"use client";

import { useTranslations } from "use-intl";
import type { SettingProblem, SiteSettings } from "@/lib/site-settings";
import { valueAt } from "./fields";
import { WEEKDAYS } from "./tabs";

/** The opening hours tab: a row per day, closed or open from one time to another. */
export function BusinessHoursTable({
  draft,
  texts,
  problemFor,
  problemText,
  setFlag,
  setText,
  inputClass,
}: {
  draft: SiteSettings;
  texts: Record<string, string>;
  problemFor: (path: string) => SettingProblem | undefined;
  problemText: (problem: SettingProblem) => string;
  setFlag: (path: string, value: unknown) => void;
  setText: (path: string, value: string) => void;
  inputClass: string;
}) {
  const t = useTranslations("admin.settings");
  return (
    <table className="w-full max-w-xl text-left text-sm">
      <thead className="text-xs text-[var(--muted-fg)] uppercase">
        <tr>
          <th className="py-1 pr-2">{t("day")}</th>
          <th className="py-1 pr-2">{t("closedDay")}</th>
          <th className="py-1 pr-2">{t("opens")}</th>
          <th className="py-1">{t("closes")}</th>
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((day) => {
          const closed = valueAt(draft, `businessHours.${day}.closed`) === true;
          const problem = problemFor(`businessHours.${day}`);
          return (
            <tr key={day} className="border-t border-[var(--border)]">
              <th scope="row" className="py-1.5 pr-2 font-medium">
                {t(`days.${day}`)}
                {problem && <span className="block text-xs font-normal text-red-700 dark:text-red-400">{problemText(problem)}</span>}
              </th>
              <td className="py-1.5 pr-2">
                <input
                  type="checkbox"
                  className="size-4"
                  aria-label={t("closedOn", { day: t(`days.${day}`) })}
                  checked={closed}
                  onChange={(e) => setFlag(`businessHours.${day}.closed`, e.target.checked)}
                />
              </td>
              {(["open", "close"] as const).map((end) => (
                <td key={end} className="py-1.5 pr-2">
                  <input
                    type="time"
                    disabled={closed}
                    aria-label={t(end === "open" ? "opensOn" : "closesOn", { day: t(`days.${day}`) })}
                    value={texts[`businessHours.${day}.${end}`] ?? ""}
                    onChange={(e) => setText(`businessHours.${day}.${end}`, e.target.value)}
                    className={`${inputClass} mt-0 h-9 disabled:opacity-50`}
                  />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
