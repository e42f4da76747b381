"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { SAVED_WALLETS_MAX, WALLET_LABEL_MAX } from "@/lib/account";
import type { PaymentPreferencesResponse } from "@/lib/api-contract";
import { api, isApiError } from "@/lib/api-client";
import type { PaymentMethod } from "@/lib/checkout";
import { formatTanzanianPhone, normaliseTanzanianMobile } from "@/lib/phone";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage } from "../ui/form";
import { TOAST_MS, toast } from "../ui/toaster";
import { useFormAction } from "../hooks/use-form-action";

type Problem = "wallet" | "phone" | "label" | "limit" | "preferredMethod" | "failed";

function problemOf(error: unknown): Problem {
  if (isApiError(error, "validation")) {
    const field = error.body.field;
    if (field === "wallet" || field === "phone" || field === "label" || field === "limit" || field === "preferredMethod") return field;
  }
  return "failed";
}

/** The payment page's two parts: the preferred method (a radio group) and the saved numbers (list, add, remove). */
export function PaymentSettings({ initial }: { initial: PaymentPreferencesResponse }) {
  const t = useTranslations("account.payment");
  const [state, setState] = useState(initial);
  const [wallet, setWallet] = useState(initial.walletNames[0] ?? "");
  const [phone, setPhone] = useState("");
  const [label, setLabel] = useState("");
  const [removing, setRemoving] = useState<number | null>(null);
  const full = state.wallets.length >= SAVED_WALLETS_MAX;
  const errorText = (problem: Problem) => t(`errors.${problem}`, { max: SAVED_WALLETS_MAX });

  async function choose(method: PaymentMethod | null) {
    const before = state.preferredMethod;
    setState((s) => ({ ...s, preferredMethod: method }));
    try {
      await api.preferences.setPreferredMethod(method);
      toast({ title: t("preferredSaved") });
    } catch (error) {
      setState((s) => ({ ...s, preferredMethod: before }));
      toast({ title: errorText(problemOf(error)), variant: "destructive", duration: TOAST_MS.error });
    }
  }

  const form = useFormAction(
    async () => {
      try {
        const { wallet: saved } = await api.preferences.addWallet({ wallet, phone, label: label.trim() || null });
        setState((s) => ({ ...s, wallets: [...s.wallets.filter((w) => w.id !== saved.id), saved] }));
        return { ok: true, message: t("added") };
      } catch (error) {
        if (isApiError(error, "validation")) return { ok: false, message: errorText(problemOf(error)) };
        throw error;
      }
    },
    {
      failure: errorText("failed"),
      check: () => (!wallet ? errorText("wallet") : !normaliseTanzanianMobile(phone) ? errorText("phone") : null),
      onSuccess: () => {
        setPhone("");
        setLabel("");
      },
    },
  );

  async function remove(id: number) {
    setRemoving(id);
    try {
      await api.preferences.removeWallet(id);
      setState((s) => ({ ...s, wallets: s.wallets.filter((w) => w.id !== id) }));
      toast({ title: t("removed") });
    } catch {
      toast({ title: errorText("failed"), variant: "destructive", duration: TOAST_MS.error });
    } finally {
      setRemoving(null);
    }
  }

  const input = "mt-1 h-11 w-full rounded-lg border border-[var(--border)] bg-[var(--page-bg)] px-3";
  return (
    <div className="space-y-8">
      <section aria-labelledby="preferred-heading">
        <h2 id="preferred-heading" className="mb-2 text-lg font-semibold">
          {t("preferredHeading")}
        </h2>
        <fieldset className="space-y-2 text-sm">
          <legend className="sr-only">{t("preferredHeading")}</legend>
          {state.offeredMethods.map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input
                type="radio"
                name="preferred-method"
                checked={state.preferredMethod === method}
                onChange={() => void choose(method)}
                className="h-4 w-4 accent-[var(--brand)]"
              />
              {t(`methods.${method}`)}
            </label>
          ))}
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="preferred-method"
              checked={state.preferredMethod === null}
              onChange={() => void choose(null)}
              className="h-4 w-4 accent-[var(--brand)]"
            />
            {t("noPreference")}
          </label>
        </fieldset>
      </section>

      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading" className="text-lg font-semibold">
          {t("savedHeading")}
        </h2>
        <p className="mb-2 text-sm text-[var(--muted-fg)]">{t("savedCount", { count: state.wallets.length, max: SAVED_WALLETS_MAX })}</p>
        {state.wallets.length === 0 ? (
          <p className="text-sm">{t("none")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)] text-sm">
            {state.wallets.map((w) => (
              <li key={w.id} className="flex items-center gap-3 p-3" data-testid="saved-wallet">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{w.label ?? w.wallet}</span>
                  <span className="block text-[var(--muted-fg)]">
                    {w.wallet} · {formatTanzanianPhone(w.phone)}
                  </span>
                </span>
                <button
                  type="button"
                  disabled={removing === w.id}
                  onClick={() => void remove(w.id)}
                  aria-label={t("removeLabel", { wallet: w.wallet, phone: formatTanzanianPhone(w.phone) })}
                  className="h-9 rounded-md border border-[var(--border)] px-3 font-semibold disabled:opacity-50"
                >
                  {t("remove")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-heading">
        <h2 id="add-heading" className="mb-2 text-lg font-semibold">
          {t("addHeading")}
        </h2>
        {full ? (
          <p className="text-sm">{t("full", { max: SAVED_WALLETS_MAX })}</p>
        ) : (
          <form noValidate onSubmit={form.submit} className="grid gap-3 text-sm sm:grid-cols-2">
            <label className="block font-medium">
              {t("wallet")}
              <select value={wallet} onChange={(e) => setWallet(e.target.value)} className={input}>
                {state.walletNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <div>
              <label htmlFor="saved-phone" className="block font-medium">
                {t("phone")}
              </label>
              <input
                id="saved-phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                className={input}
                aria-describedby="phone-hint"
              />
              <p id="phone-hint" className="mt-1 text-xs text-[var(--muted-fg)]">
                {t("phoneHint")}
              </p>
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="saved-label" className="block font-medium">
                {t("label")}
              </label>
              <input
                id="saved-label"
                value={label}
                maxLength={WALLET_LABEL_MAX}
                onChange={(e) => setLabel(e.target.value)}
                className={input}
                aria-describedby="label-hint"
              />
              <p id="label-hint" className="mt-1 text-xs text-[var(--muted-fg)]">
                {t("labelHint")}
              </p>
            </div>
            <div className="space-y-2 sm:col-span-2">
              <FormMessage message={form.message} />
              <SubmitButton block className="text-sm" busy={form.busy} busyText={t("adding")}>
                {t("add")}
              </SubmitButton>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
