"use client";

import { ArrowDown, ArrowUp } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api, ApiError, isApiError } from "@/lib/api-client";
import type { Locale } from "@/lib/locale";
import { checkSpecAttribute, splitOptions, SPEC_NAME_MAX, type AdminSpecAttribute, type SpecAttributeInput } from "@/lib/spec-admin";
import { SPEC_KEY_PATTERN } from "@/lib/specs/params";
import { SPEC_UNIT_NAMES, SPEC_UNITS, unitSymbol, type SpecUnit } from "@/lib/specs/units";
import type { SpecKind } from "@/lib/specs/values";
import { useErrorText } from "../i18n/error-text";
import { useFormAction, type FormResult } from "../hooks/use-form-action";
import { buttonClass } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { Field, FormMessage, Select, TextField, Textarea } from "../ui/form";

type FormField = "key" | "nameEn" | "nameSw" | "kind" | "unit" | "options";

/** A unit as the admin picks it: its name in the page's language and its symbol. */
function unitLabel(unit: SpecUnit, locale: Locale): string {
  const def = SPEC_UNITS[unit];
  return `${locale === "sw" ? def.nameSw : def.nameEn} (${unitSymbol(unit)})`;
}

/** A key from an English name, as the admin would write it: "Pin count" → pin_count. */
function keyFrom(name: string): string {
  const key = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[_0-9]+|_+$/g, "")
    .slice(0, 40);
  return key;
}

/**
 * A category's attribute definitions: the list in display order (moved up and down), each changed
 * in place or deleted after asking (the question says how many product values go with it), and a
 * form for a new one. The server checks everything again and says why it refuses; the page then
 * reloads its data.
 */
export function SpecAttributesEditor({ categoryId, attributes }: { categoryId: number; attributes: AdminSpecAttribute[] }) {
  const t = useTranslations("admin.specs");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const errorText = useErrorText();
  const [moving, setMoving] = useState(false);
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const move = async (index: number, delta: number) => {
    const ids = attributes.map((a) => a.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    setMoving(true);
    try {
      await api.adminSpecs.reorder(categoryId, ids);
      setNotice({ tone: "success", text: t("moved") });
      router.refresh();
    } catch (error) {
      setNotice({ tone: "error", text: errorText(error, t("failed")) });
    } finally {
      setMoving(false);
    }
  };

  const remove = async (attribute: AdminSpecAttribute) => {
    try {
      await api.adminSpecs.remove(categoryId, attribute.id, { force: attribute.values > 0 });
      setNotice({ tone: "success", text: t("deleted") });
      router.refresh();
    } catch (error) {
      setNotice({ tone: "error", text: errorText(error, t("deleteFailed")) });
    }
  };

  const name = (a: AdminSpecAttribute) => (locale === "sw" ? a.nameSw : a.nameEn);
  const kindText = (a: AdminSpecAttribute) =>
    a.kind === "number" && a.unit
      ? t("kindNumber", { unit: unitLabel(a.unit, locale) })
      : a.kind === "list"
        ? a.options.length
          ? `${t("kindList")}: ${a.options.join(", ")}`
          : t("kindListFree")
        : t("kindBoolean");

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="attributes-heading">
        <h2 id="attributes-heading" className="mb-2 text-lg font-semibold">
          {t("listTitle")}
        </h2>
        <FormMessage message={notice} />
        {attributes.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]" data-testid="no-attributes">
            {t("none")}
          </p>
        ) : (
          <ol className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm" data-testid="spec-attributes">
            {attributes.map((a, i) => (
              <li key={a.id} className="py-2" data-key={a.key}>
                <div className="flex items-start gap-2">
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words">
                      {name(a)} <span className="font-normal text-[var(--muted-fg)]">· {locale === "sw" ? a.nameEn : a.nameSw}</span>
                    </span>
                    <span className="block text-xs break-words text-[var(--muted-fg)]">
                      <code>{a.key}</code> · {kindText(a)}
                    </span>
                    <span className="mt-1 flex flex-wrap gap-1 text-xs">
                      {a.isFilter && <span className="rounded bg-[var(--surface)] px-1.5 py-0.5 ring-1 ring-[var(--border)]">{t("filter")}</span>}
                      {a.isKey && <span className="rounded bg-[var(--surface)] px-1.5 py-0.5 ring-1 ring-[var(--border)]">{t("keySpec")}</span>}
                      <span className="text-[var(--muted-fg)]">{t("carried", { products: a.products })}</span>
                    </span>
                  </span>
                  <button
                    type="button"
                    disabled={moving || i === 0}
                    onClick={() => void move(i, -1)}
                    aria-label={t("moveUp", { name: name(a) })}
                    className="rounded border border-[var(--border)] p-1.5 disabled:opacity-40"
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    disabled={moving || i === attributes.length - 1}
                    onClick={() => void move(i, 1)}
                    aria-label={t("moveDown", { name: name(a) })}
                    className="rounded border border-[var(--border)] p-1.5 disabled:opacity-40"
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden />
                  </button>
                  <AlertDialog>
                    <AlertDialogTrigger className={buttonClass({ variant: "danger-outline", size: "sm", className: "text-sm" })}>
                      {t("delete")}
                    </AlertDialogTrigger>
                    <AlertDialogContent
                      title={t("deleteTitle", { name: name(a) })}
                      description={a.values > 0 ? `${t("deleteText")} ${t("deleteValues", { products: a.products, values: a.values })}` : t("deleteText")}
                    >
                      <div className="mt-4 flex justify-end gap-2">
                        <AlertDialogCancel className={buttonClass({ variant: "secondary" })}>{t("cancel")}</AlertDialogCancel>
                        <AlertDialogAction className={buttonClass({ variant: "danger" })} onClick={() => void remove(a)}>
                          {t("delete")}
                        </AlertDialogAction>
                      </div>
                    </AlertDialogContent>
                  </AlertDialog>
                </div>
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs text-brand">{t("change", { name: name(a) })}</summary>
                  <AttributeForm categoryId={categoryId} attribute={a} />
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="new-attribute-heading">
        <h2 id="new-attribute-heading" className="mb-2 text-lg font-semibold">
          {t("newTitle")}
        </h2>
        <AttributeForm categoryId={categoryId} />
      </section>
    </div>
  );
}

const EMPTY: SpecAttributeInput = { key: "", nameEn: "", nameSw: "", kind: "number", unit: null, options: [], isFilter: true, isKey: false };

/** Create (no attribute) or change one attribute; the key, kind and unit stay while products carry values. */
function AttributeForm({ categoryId, attribute }: { categoryId: number; attribute?: AdminSpecAttribute }) {
  const t = useTranslations("admin.specs");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const errorText = useErrorText();
  const id = useId();
  const [form, setForm] = useState<SpecAttributeInput>(attribute ?? EMPTY);
  const [options, setOptions] = useState((attribute?.options ?? []).join("\n"));
  const [keyTouched, setKeyTouched] = useState(attribute !== undefined);
  const [invalid, setInvalid] = useState<Partial<Record<FormField, string>>>({});
  const locked = (attribute?.values ?? 0) > 0;
  const prefix = `attribute-${attribute?.id ?? "new"}`;

  const input = (): SpecAttributeInput => ({
    ...form,
    key: form.key.trim(),
    nameEn: form.nameEn.trim(),
    nameSw: form.nameSw.trim(),
    unit: form.kind === "number" ? form.unit : null,
    options: form.kind === "list" ? splitOptions(options) : [],
  });

  const check = (): string | null => {
    const wrong: typeof invalid = {};
    const value = input();
    if (!SPEC_KEY_PATTERN.test(value.key)) wrong.key = t("badKey");
    if (!value.nameEn) wrong.nameEn = t("needName");
    if (!value.nameSw) wrong.nameSw = t("needName");
    if (value.kind === "number" && !value.unit) wrong.unit = t("needUnit");
    const problem = Object.keys(wrong).length ? null : checkSpecAttribute(value);
    // worded as the server's refusal of the same rule would be, in the page's language
    if (problem) wrong[problem.field] = errorText(new ApiError("http", problem.message, 400, "validation", { ...problem, key: value.key }));
    setInvalid(wrong);
    return Object.values(wrong)[0] ?? null;
  };

  const send = useFormAction<FormResult>(
    async () => {
      const body = input();
      if (attribute) await api.adminSpecs.update(categoryId, attribute.id, body);
      else {
        await api.adminSpecs.create(categoryId, body);
        setForm(EMPTY);
        setOptions("");
        setKeyTouched(false);
      }
      router.refresh();
      return { ok: true, message: attribute ? t("saved") : t("created") };
    },
    {
      check,
      failure: (error) => {
        // a 400 or a 409 (a key, kind or unit products' values hold) names the field
        const field = isApiError(error) && typeof error.body.field === "string" ? error.body.field : null;
        const message = errorText(error, t("failed"));
        if (field) setInvalid((v) => ({ ...v, [field]: message }));
        return { ok: false, message };
      },
    },
  );

  const setName = (field: "nameEn" | "nameSw") => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, [field]: value, ...(field === "nameEn" && !keyTouched ? { key: keyFrom(value) } : {}) }));
  };

  return (
    <form
      onSubmit={send.submit}
      noValidate
      className="mt-2 grid gap-3 text-sm sm:grid-cols-2"
      data-testid={attribute ? `attribute-form-${attribute.key}` : "new-attribute-form"}
    >
      <TextField
        id={`${prefix}-name-en`}
        name="nameEn"
        label={t("nameEn")}
        value={form.nameEn}
        onChange={setName("nameEn")}
        maxLength={SPEC_NAME_MAX}
        error={invalid.nameEn}
      />
      <TextField
        id={`${prefix}-name-sw`}
        name="nameSw"
        label={t("nameSw")}
        value={form.nameSw}
        onChange={setName("nameSw")}
        maxLength={SPEC_NAME_MAX}
        error={invalid.nameSw}
      />
      <TextField
        id={`${prefix}-key`}
        name="key"
        label={t("key")}
        value={form.key}
        onChange={(e) => {
          setKeyTouched(true);
          setForm((f) => ({ ...f, key: e.target.value }));
        }}
        maxLength={40}
        disabled={locked}
        hint={locked ? t("keyLocked") : t("keyHint")}
        error={invalid.key}
        autoCapitalize="none"
        spellCheck={false}
        className="sm:col-span-2"
      />
      <Field id={`${prefix}-kind`} label={t("kind")} error={invalid.kind} hint={locked ? t("kindLocked") : undefined}>
        {(control) => (
          <Select {...control} value={form.kind} disabled={locked} onChange={(e) => setForm((f) => ({ ...f, kind: e.target.value as SpecKind }))}>
            {(["number", "list", "boolean"] as const).map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {form.kind === "number" && (
        <Field id={`${prefix}-unit`} label={t("unit")} hint={t("unitHint")} error={invalid.unit}>
          {(control) => (
            <Select
              {...control}
              value={form.unit ?? ""}
              disabled={locked}
              onChange={(e) => setForm((f) => ({ ...f, unit: (e.target.value || null) as SpecUnit | null }))}
            >
              <option value="">{t("chooseUnit")}</option>
              {SPEC_UNIT_NAMES.map((unit) => (
                <option key={unit} value={unit}>
                  {unitLabel(unit, locale)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {form.kind === "list" && (
        <Field id={`${prefix}-options`} label={t("options")} hint={t("optionsHint")} error={invalid.options} className="sm:col-span-2">
          {(control) => <Textarea {...control} rows={4} value={options} onChange={(e) => setOptions(e.target.value)} />}
        </Field>
      )}
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.isFilter} onChange={(e) => setForm((f) => ({ ...f, isFilter: e.target.checked }))} />
          {t("isFilter")}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.isKey} onChange={(e) => setForm((f) => ({ ...f, isKey: e.target.checked }))} />
          {t("isKey")}
        </label>
      </fieldset>
      <div className="sm:col-span-2">
        <FormMessage message={send.message} />
      </div>
      <SubmitButton busy={send.busy} busyText={t("saving")} className="sm:col-span-2 sm:justify-self-start" id={`${id}-submit`}>
        {attribute ? t("save") : t("create")}
      </SubmitButton>
    </form>
  );
}
