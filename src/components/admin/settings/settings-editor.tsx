"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { checkSiteSettings, DEFAULT_SITE_SETTINGS, type SettingProblem, type SiteSettings } from "@/lib/site-settings";
import { FormMessage } from "../../ui/form";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../../ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs";
import { useFormAction } from "../../hooks/use-form-action";
import { FIELD_LOCALES, inputPaths, LIST_HINTS, textOf, valueAt, valueOf, withValueAt, type FieldSpec } from "./fields";
import { SettingsPreview, type PreviewProduct } from "./settings-preview";
import { SETTINGS_TABS, tabKeys, type SettingsTabId } from "./tabs";
import { BusinessHoursTable } from "./business-hours-table";
import { buttonClass } from "../../ui/button";
import { SubmitButton } from "../../ui/submit-button";

type Texts = Record<string, string>;

const textFields = (settings: SiteSettings): Texts =>
  Object.fromEntries(
    SETTINGS_TABS.flatMap((tab) =>
      tab.fields
        .filter((f) => !["bool", "multi"].includes(f.kind))
        .flatMap((f) => inputPaths(f).map((path) => [path, textOf(f.kind, valueAt(settings, path))])),
    ),
  );

/** The settings with the form's texts read into values (what a save would send). */
function draftOf(base: SiteSettings, texts: Texts): SiteSettings {
  let draft = base;
  for (const tab of SETTINGS_TABS)
    for (const field of tab.fields)
      for (const path of inputPaths(field)) if (path in texts) draft = withValueAt(draft, path, valueOf(field.kind, texts[path]!));
  return draft;
}

/**
 * Every site setting, in tabs, with a live preview of the header and a product card. A tab saves
 * its own settings after the same check the server runs (so errors show by their fields before
 * anything is sent, in the page's language); a field, a tab or everything can go back to the
 * defaults. After a save the page's own header is rendered again with the new values.
 */
export function SettingsEditor({
  initial,
  sample,
  initialTab = "company",
}: {
  initial: SiteSettings;
  sample: PreviewProduct | null;
  /** the tab open first (a link such as the first-day checklist's names one) */
  initialTab?: SettingsTabId;
}) {
  const t = useTranslations("admin.settings");
  const router = useRouter();
  const [base, setBase] = useState(initial);
  const [flags, setFlags] = useState(initial);
  const [texts, setTexts] = useState(() => textFields(initial));
  const [problems, setProblems] = useState<SettingProblem[]>([]);
  const [tab, setTab] = useState<SettingsTabId>(initialTab);
  const draft = draftOf(flags, texts);

  const problemText = (problem: SettingProblem) => t(`problems.${problem.problem}`, { limit: problem.limit ?? 0 });
  const problemFor = (path: string) => problems.find((p) => p.path === path || p.path.startsWith(`${path}.`));

  const adopt = (settings: SiteSettings) => {
    setBase(settings);
    setFlags(settings);
    setTexts(textFields(settings));
    setProblems([]);
    router.refresh();
  };

  const current = SETTINGS_TABS.find((candidate) => candidate.id === tab)!;
  const save = useFormAction(
    async () => {
      const keys = tabKeys(current.fields);
      const values = Object.fromEntries(keys.map((key) => [key, draft[key]]));
      const checked = checkSiteSettings(values);
      if (!checked.ok) {
        setProblems(checked.problems);
        return { ok: false, message: t("fixProblems", { count: checked.problems.length }) };
      }
      setProblems([]);
      const answer = await api.adminSettings.save(checked.values);
      adopt(answer.settings);
      return { ok: true, message: t("saved") };
    },
    { failure: t("failed") },
  );
  const reset = useFormAction(
    async () => {
      adopt((await api.adminSettings.reset(tabKeys(current.fields))).settings);
      return { ok: true, message: t("resetDone") };
    },
    { failure: t("failed") },
  );
  const resetAll = useFormAction(
    async () => {
      adopt((await api.adminSettings.resetAll()).settings);
      return { ok: true, message: t("resetAllDone") };
    },
    { failure: t("failed") },
  );

  const setText = (path: string, value: string) => setTexts((all) => ({ ...all, [path]: value }));
  const setFlag = (path: string, value: unknown) => setFlags((all) => withValueAt(all, path, value));
  const resetField = (field: FieldSpec) => {
    const value = valueAt(DEFAULT_SITE_SETTINGS, field.path);
    if (field.kind === "bool" || field.kind === "multi") setFlag(field.path, value);
    else for (const path of inputPaths(field)) setText(path, textOf(field.kind, valueAt(DEFAULT_SITE_SETTINGS, path)));
  };
  const changed = (field: FieldSpec) => JSON.stringify(valueAt(draft, field.path)) !== JSON.stringify(valueAt(base, field.path));

  const input = "mt-1 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 aria-[invalid=true]:border-red-600";
  const label = (field: FieldSpec) => t(`fields.${field.path}` as "fields.companyName");

  const renderField = (field: FieldSpec) => {
    const id = `setting-${field.path.replace(/\./g, "-")}`;
    const problem = problemFor(field.path);
    const errorId = `${id}-error`;
    const hint = field.hint ?? LIST_HINTS[field.kind];
    const hintId = `${id}-hint`;
    const describedBy = [problem ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
    const value = valueAt(draft, field.path);
    const isDefault = JSON.stringify(value) === JSON.stringify(valueAt(DEFAULT_SITE_SETTINGS, field.path));
    let control: React.ReactNode;
    if (field.kind === "bool")
      control = (
        <>
          <label className="flex min-h-10 items-center gap-2">
            <input
              id={id}
              type="checkbox"
              className="size-4"
              checked={value === true}
              onChange={(e) => setFlag(field.path, e.target.checked)}
              aria-describedby={describedBy}
            />
            {label(field)}
          </label>
          {hint && (
            <p id={hintId} className="text-xs text-[var(--muted-fg)]">
              {t(hint)}
            </p>
          )}
        </>
      );
    else if (field.kind === "multi")
      control = (
        <fieldset aria-describedby={describedBy}>
          <legend className="font-medium">{label(field)}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {field.options!.map((option) => (
              <label key={option} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={Array.isArray(value) && value.includes(option)}
                  onChange={(e) => {
                    const list = Array.isArray(value) ? (value as string[]) : [];
                    setFlag(field.path, e.target.checked ? [...list, option] : list.filter((o) => o !== option));
                  }}
                />
                {t(`options.${option}` as "options.TZS")}
              </label>
            ))}
          </div>
        </fieldset>
      );
    else if (field.localized)
      // a text shoppers read: one box per language, each with its own error
      control = (
        <fieldset>
          <legend className="font-medium">{label(field)}</legend>
          {FIELD_LOCALES.map((locale) => {
            const path = `${field.path}.${locale}`;
            const inputId = `${id}-${locale}`;
            const own = problemFor(path);
            const props = {
              id: inputId,
              name: path,
              value: texts[path] ?? "",
              lang: locale,
              "aria-invalid": own ? true : undefined,
              "aria-describedby": own ? `${inputId}-error` : undefined,
              onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setText(path, e.target.value),
            };
            return (
              <div key={locale} className="mt-1">
                <label htmlFor={inputId} className="block text-xs text-[var(--muted-fg)]">
                  {t(`inLanguage.${locale}`)}
                </label>
                {field.kind === "textarea" ? (
                  <textarea {...props} rows={2} className={`${input} py-1.5`} />
                ) : (
                  <input {...props} type="text" className={`${input} h-10`} />
                )}
                {own && (
                  <p id={`${inputId}-error`} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
                    {problemText(own)}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      );
    else {
      const common = {
        id,
        name: field.path,
        value: texts[field.path] ?? "",
        "aria-invalid": problem ? true : undefined,
        "aria-describedby": describedBy,
        onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setText(field.path, e.target.value),
      };
      control = (
        <>
          <label htmlFor={id} className="block font-medium">
            {label(field)}
          </label>
          {field.kind === "select" ? (
            <select {...common} className={`${input} h-10`}>
              {field.options!.map((option) => (
                <option key={option} value={option}>
                  {t(`options.${option}` as "options.TZS")}
                </option>
              ))}
            </select>
          ) : field.kind === "textarea" ||
            field.kind === "lines" ||
            field.kind === "pairs" ||
            field.kind === "tiers" ||
            field.kind === "ranges" ||
            field.kind === "holidays" ? (
            <textarea {...common} rows={field.kind === "textarea" ? 3 : field.kind === "holidays" ? 8 : 4} className={`${input} py-1.5`} />
          ) : field.kind === "color" ? (
            <span className="mt-1 flex items-center gap-2">
              <input
                type="color"
                aria-label={t("pickColour", { field: label(field) })}
                value={/^#[0-9a-fA-F]{6}$/.test(texts[field.path] ?? "") ? texts[field.path] : "#000000"}
                onChange={(e) => setText(field.path, e.target.value)}
                className="h-10 w-12 rounded border border-[var(--border)]"
              />
              <input {...common} className={`${input} mt-0 h-10 font-mono`} maxLength={7} />
            </span>
          ) : (
            <input
              {...common}
              type={field.kind === "email" ? "email" : field.kind === "time" ? "time" : field.kind === "tel" ? "tel" : "text"}
              inputMode={field.kind === "int" ? "numeric" : field.kind === "decimal" ? "decimal" : field.kind === "tel" ? "tel" : undefined}
              className={`${input} h-10`}
            />
          )}
          {hint && (
            <p id={hintId} className="mt-1 text-xs text-[var(--muted-fg)]">
              {t(hint)}
            </p>
          )}
        </>
      );
    }
    return (
      <div key={field.path} className="min-w-0" data-changed={changed(field) || undefined}>
        {control}
        {problem && !field.localized && (
          <p id={errorId} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
            {problemText(problem)}
          </p>
        )}
        {!isDefault && (
          <button
            type="button"
            onClick={() => resetField(field)}
            className="mt-1 text-xs text-brand hover:underline"
            aria-label={t("resetFieldLabel", { field: label(field) })}
          >
            {t("resetField")}
          </button>
        )}
      </div>
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <Tabs value={tab} onValueChange={(value) => setTab(value as SettingsTabId)} className="min-w-0">
        <TabsList aria-label={t("tabsLabel")} className="flex-wrap">
          {SETTINGS_TABS.map((candidate) => (
            <TabsTrigger key={candidate.id} value={candidate.id} className="flex-none">
              {t(`tabs.${candidate.id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {SETTINGS_TABS.map((candidate) => (
          <TabsContent key={candidate.id} value={candidate.id}>
            <form onSubmit={save.submit} noValidate className="space-y-4 text-sm" aria-label={t(`tabs.${candidate.id}`)}>
              {candidate.id === "hours" ? (
                <BusinessHoursTable
                  draft={draft}
                  texts={texts}
                  problemFor={problemFor}
                  problemText={problemText}
                  setFlag={setFlag}
                  setText={setText}
                  inputClass={input}
                />
              ) : (
                <div className="grid gap-4 sm:grid-cols-2">{candidate.fields.map(renderField)}</div>
              )}
              <FormMessage message={save.message ?? reset.message} />
              <div className="flex flex-wrap gap-2">
                <SubmitButton size="lg" busy={save.busy} busyText={t("saving")}>
                  {t("save")}
                </SubmitButton>
                <ConfirmReset
                  label={t("resetTab")}
                  title={t("resetTabTitle", { tab: t(`tabs.${candidate.id}`) })}
                  text={t("resetTabText")}
                  confirm={t("resetConfirm")}
                  cancel={t("cancel")}
                  onConfirm={() => reset.submit()}
                />
              </div>
            </form>
          </TabsContent>
        ))}
        <div className="mt-8 border-t border-[var(--border)] pt-4 text-sm">
          <ConfirmReset
            label={t("resetAll")}
            title={t("resetAllTitle")}
            text={t("resetAllText")}
            confirm={t("resetConfirm")}
            cancel={t("cancel")}
            danger
            onConfirm={() => resetAll.submit()}
          />
          <div className="mt-2">
            <FormMessage message={resetAll.message} />
          </div>
        </div>
      </Tabs>
      <SettingsPreview settings={draft} sample={sample} />
    </div>
  );
}

function ConfirmReset(props: { label: string; title: string; text: string; confirm: string; cancel: string; danger?: boolean; onConfirm: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger
        className={`h-11 rounded-lg border px-4 font-semibold ${props.danger ? "border-red-700 text-red-700 dark:text-red-400" : "border-[var(--border)]"}`}
      >
        {props.label}
      </AlertDialogTrigger>
      <AlertDialogContent title={props.title} description={props.text}>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <AlertDialogCancel className={buttonClass({ variant: "secondary" })}>{props.cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={props.onConfirm} className={buttonClass({ variant: props.danger ? "danger" : "primary" })}>
            {props.confirm}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
