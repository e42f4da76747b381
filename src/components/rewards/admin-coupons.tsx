"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { COUPON_KINDS, type CouponKind } from "@/lib/coupons";
import { TextField, controlClass } from "../ui/form";
import { useErrorText } from "../i18n/error-text";
import { toast } from "../ui/toaster";
import { SubmitButton } from "../ui/submit-button";

const empty = {
  code: "",
  kind: "percent" as CouponKind,
  value: "",
  minSubtotal: "",
  validFrom: "",
  validUntil: "",
  usageLimit: "",
  perCustomerLimit: "",
  firstOrderOnly: false,
  public: false,
  description: "",
};

const whole = (text: string) => (text.trim() === "" ? null : Number(text));

/** The admin's form for a new coupon: every rule of a coupon; the server checks them again. */
export function CouponCreateForm() {
  const t = useTranslations("rewards.admin");
  const router = useRouter();
  const errorText = useErrorText();
  const [values, setValues] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof typeof empty>(key: K, value: (typeof empty)[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { coupon } = await api.adminCoupons.create({
        code: values.code,
        kind: values.kind,
        value: Number(values.value),
        minSubtotal: whole(values.minSubtotal) ?? 0,
        validFrom: values.validFrom || null,
        validUntil: values.validUntil || null,
        usageLimit: whole(values.usageLimit),
        perCustomerLimit: whole(values.perCustomerLimit),
        firstOrderOnly: values.firstOrderOnly,
        public: values.public,
        description: values.description || undefined,
      });
      toast({ title: t("created", { code: coupon.code }) });
      setValues(empty);
      router.refresh();
    } catch (error) {
      setProblem(isApiError(error) ? `${errorText(error)} ${error.message}` : errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border border-[var(--border)] p-4 text-sm sm:grid-cols-2" aria-labelledby="create-heading">
      <h2 id="create-heading" className="text-lg font-semibold sm:col-span-2">
        {t("create")}
      </h2>
      <TextField
        name="code"
        label={t("code")}
        required
        maxLength={32}
        autoCapitalize="characters"
        value={values.code}
        onChange={(e) => set("code", e.target.value)}
      />
      <div>
        <label htmlFor="coupon-kind" className="block text-sm font-medium">
          {t("kind")}
        </label>
        <select id="coupon-kind" value={values.kind} onChange={(e) => set("kind", e.target.value as CouponKind)} className={controlClass}>
          {COUPON_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="value"
        label={t("value")}
        required
        type="number"
        inputMode="numeric"
        min={1}
        max={values.kind === "percent" ? 90 : undefined}
        value={values.value}
        onChange={(e) => set("value", e.target.value)}
        hint={t("valueHint")}
      />
      <TextField
        name="minSubtotal"
        label={t("minSubtotal")}
        type="number"
        inputMode="numeric"
        min={0}
        value={values.minSubtotal}
        onChange={(e) => set("minSubtotal", e.target.value)}
      />
      <TextField name="validFrom" label={t("validFrom")} type="date" value={values.validFrom} onChange={(e) => set("validFrom", e.target.value)} />
      <TextField
        name="validUntil"
        label={t("validUntil")}
        type="date"
        value={values.validUntil}
        onChange={(e) => set("validUntil", e.target.value)}
        hint={t("windowHint")}
      />
      <TextField
        name="usageLimit"
        label={t("usageLimit")}
        type="number"
        inputMode="numeric"
        min={1}
        value={values.usageLimit}
        onChange={(e) => set("usageLimit", e.target.value)}
        hint={t("limitHint")}
      />
      <TextField
        name="perCustomerLimit"
        label={t("perCustomerLimit")}
        type="number"
        inputMode="numeric"
        min={1}
        value={values.perCustomerLimit}
        onChange={(e) => set("perCustomerLimit", e.target.value)}
        hint={t("limitHint")}
      />
      <TextField
        name="description"
        className="sm:col-span-2"
        label={t("description")}
        maxLength={200}
        value={values.description}
        onChange={(e) => set("description", e.target.value)}
      />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={values.firstOrderOnly}
          onChange={(e) => set("firstOrderOnly", e.target.checked)}
          className="h-4 w-4 accent-[var(--brand)]"
        />
        {t("firstOrderOnly")}
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={values.public} onChange={(e) => set("public", e.target.checked)} className="h-4 w-4 accent-[var(--brand)]" />
        {t("public")}
      </label>
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 sm:col-span-2 dark:bg-red-950 dark:text-red-200">
          {problem}
        </p>
      )}
      <SubmitButton size="lg" busy={busy} busyText={t("saving")} className="sm:col-span-2 sm:justify-self-start">
        {t("save")}
      </SubmitButton>
    </form>
  );
}

/** Switches one coupon on or off. */
export function CouponActiveToggle({ code, active }: { code: string; active: boolean }) {
  const t = useTranslations("rewards.admin");
  const router = useRouter();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api.adminCoupons.setActive(code, !active);
      toast({ title: t("switched", { code }) });
      router.refresh();
    } catch (error) {
      toast({ title: errorText(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={toggle} disabled={busy} className="rounded-md border border-[var(--border)] px-2 py-1 text-xs font-semibold">
      {active ? t("deactivate") : t("activate")}
    </button>
  );
}
