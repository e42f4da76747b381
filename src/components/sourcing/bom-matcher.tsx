"use client";

import Link from "next/link";
import { useId, useMemo, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { BomMatch, BomMatchLine } from "@/lib/api-contract";
import { BOM_EXAMPLE, BOM_MAX_BYTES, bomFileProblem, parseBom } from "@/lib/bom";
import { formatMoney } from "@/lib/money";
import { unitPriceAt } from "@/lib/price-breaks";
import { productPath } from "@/lib/slug";
import { useErrorText } from "../i18n/error-text";
import { TOAST_MS, toast } from "../ui/toaster";
import { useCurrency } from "../hooks/use-currency";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";
import { addBomToCart } from "./add-bom-to-cart";
import { SourcingRequestForm } from "./sourcing-request-form";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";

/** Which product each line will be bought as: a match's index in [best, ...alternatives], or null to leave the line out. */
type Choices = Record<number, number | null>;

/** Each unit's price when `units` are bought: the match's step of its prices by quantity. */
const priceAt = (match: BomMatch, units: number) => (match.pricing ? unitPriceAt(match.pricing, units) : match.price);

function candidates(line: BomMatchLine): BomMatch[] {
  return line.best ? [line.best, ...line.alternatives] : line.alternatives;
}

/**
 * The /ai-agent tool: a BOM pasted or read from a file (in the browser), matched in one call, each
 * line shown with its match, alternatives, stock, price and units; all chosen lines go to the cart
 * in one step, and the lines left without a product can be sent as a sourcing request.
 */
export function BomMatcher() {
  const t = useTranslations("sourcing");
  const errorText = useErrorText();
  const [currency] = useCurrency();
  const inputId = useId();
  const fileId = useId();
  const [text, setText] = useState("");
  const textRef = useRef<HTMLTextAreaElement>(null);
  useInputBeforeHydration(textRef, text, setText);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [lines, setLines] = useState<BomMatchLine[] | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const [units, setUnits] = useState<Record<number, number>>({});

  const chosen = useMemo(
    () =>
      (lines ?? []).flatMap((line) => {
        const index = choices[line.index];
        const match = index === null || index === undefined ? null : candidates(line)[index];
        return match ? [{ line, match, units: units[line.index] ?? match.units }] : [];
      }),
    [lines, choices, units],
  );
  const unmatched = (lines ?? []).filter((line) => choices[line.index] === null || choices[line.index] === undefined);
  const total = chosen.reduce((sum, c) => sum + c.units * priceAt(c.match, c.units), 0);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const wrong = bomFileProblem(file);
    if (wrong) {
      setProblem(wrong === "too-large" ? t("form.fileTooLarge") : t("form.fileWrongType"));
      return;
    }
    try {
      const content = await file.slice(0, BOM_MAX_BYTES).text();
      setText(content);
      setProblem(null);
    } catch {
      setProblem(t("form.fileUnreadable"));
    }
  };

  const match = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseBom(text);
    if (!parsed.lines.length) {
      setProblem(t("form.empty"));
      return;
    }
    setBusy(true);
    setProblem(null);
    setNotice(parsed.dropped ? t("form.dropped", { count: parsed.dropped }) : null);
    try {
      const answer = await api.sourcing.match({ lines: parsed.lines });
      setLines(answer.lines);
      setChoices(Object.fromEntries(answer.lines.map((line) => [line.index, line.best ? 0 : null])));
      setUnits({});
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const addAll = async () => {
    if (adding || !chosen.length) return;
    setAdding(true);
    try {
      const { added, skipped } = await addBomToCart(chosen.map(({ match, units }) => ({ match, units })));
      if (skipped)
        toast({ title: t("toast.partial"), description: t("toast.partialText", { added, skipped }), variant: "destructive", duration: TOAST_MS.partialStock });
      else toast({ title: t("toast.added"), description: t("toast.addedText", { count: added }), duration: TOAST_MS.cart });
    } catch {
      toast({ title: t("toast.partial"), description: t("toast.failed"), variant: "destructive" });
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="space-y-6">
      <form onSubmit={match} noValidate className="space-y-3 rounded-xl border border-[var(--border)] p-3 sm:p-4">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium">
            {t("form.label")}
          </label>
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-[var(--muted-fg)]">
            {t("form.hint")}
          </p>
          <textarea
            ref={textRef}
            id={inputId}
            name="bom"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={`${inputId}-hint`}
            rows={8}
            spellCheck={false}
            data-testid="bom-input"
            className="mt-2 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] p-3 font-mono text-sm"
          />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <label htmlFor={fileId} className="block text-sm">
              {t("form.file")}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.txt,.tsv,text/csv,text/plain"
              onChange={(e) => void readFile(e.target.files?.[0])}
              className="mt-1 block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-[var(--border)] file:bg-[var(--surface)] file:px-3 file:py-1.5"
            />
          </div>
          <button type="button" onClick={() => setText(BOM_EXAMPLE)} className="self-start text-sm font-medium text-brand underline sm:self-auto">
            {t("form.example")}
          </button>
        </div>
        {problem && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {problem}
          </p>
        )}
        {notice && (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {notice}
          </p>
        )}
        <SubmitButton size="lg" block className="sm:w-auto sm:px-6" busy={busy} busyText={t("form.busy")}>
          {t("form.submit")}
        </SubmitButton>
      </form>

      {lines && (
        <section aria-labelledby="bom-results" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="bom-results" className="text-lg font-semibold">
              {t("results.title")}
            </h2>
            <p className="text-sm text-[var(--muted-fg)]" data-testid="bom-summary">
              {t("results.summary", { matched: lines.filter((l) => l.status === "matched").length, total: lines.length })}
            </p>
          </div>
          <ol className="space-y-3">
            {lines.map((line) => (
              <BomLineCard
                key={line.index}
                line={line}
                choice={choices[line.index] ?? null}
                onChoose={(choice) => setChoices((c) => ({ ...c, [line.index]: choice }))}
                units={units[line.index]}
                onUnits={(n) => setUnits((u) => ({ ...u, [line.index]: n }))}
                currency={currency}
              />
            ))}
          </ol>
          <div className="sticky bottom-0 z-10 -mx-3 flex flex-col gap-2 border-t border-[var(--border)] bg-[var(--page-bg)] px-3 py-3 sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:rounded-xl sm:border">
            <p className="text-sm font-medium">{t("results.total", { total: formatMoney(total, currency) })}</p>
            <Button size="lg" onClick={() => void addAll()} disabled={!chosen.length} busy={adding} busyText={t("results.adding")} data-testid="bom-add-all">
              {t("results.addAll", { count: chosen.length })}
            </Button>
          </div>
          {unmatched.length > 0 && <SourcingRequestForm lines={unmatched.map((line) => ({ text: line.text, quantity: line.quantity }))} />}
        </section>
      )}
    </div>
  );
}

function BomLineCard({
  line,
  choice,
  onChoose,
  units,
  onUnits,
  currency,
}: {
  line: BomMatchLine;
  choice: number | null;
  onChoose: (choice: number | null) => void;
  units: number | undefined;
  onUnits: (n: number) => void;
  currency: ReturnType<typeof useCurrency>[0];
}) {
  const t = useTranslations("sourcing.results");
  const groupId = useId();
  const options = candidates(line);
  const picked = choice === null ? null : (options[choice] ?? null);
  const status = line.status === "matched" && choice === 0 ? "matched" : picked ? "chosen" : "unmatched";
  const badge =
    status === "matched"
      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      : status === "chosen"
        ? "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100"
        : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100";
  const count = picked ? (units ?? picked.units) : 0;
  return (
    <li className="rounded-xl border border-[var(--border)] p-3" data-testid="bom-line" data-status={line.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-mono text-sm break-words">{line.text}</p>
        <div className="flex shrink-0 items-center gap-2 text-xs">
          <span className="text-[var(--muted-fg)]">{t("quantity", { quantity: line.quantity })}</span>
          <span className={`rounded-full px-2 py-0.5 font-semibold ${badge}`}>{t(status)}</span>
        </div>
      </div>
      {options.length ? (
        <fieldset className="mt-2">
          <legend id={groupId} className="sr-only">
            {t("choose")}
          </legend>
          <ul className="space-y-2">
            {options.map((option, i) => (
              <li key={`${option.id}-${option.variantId}`}>
                <label className="flex cursor-pointer gap-3 rounded-lg border border-[var(--border)] p-2 has-[:checked]:border-brand">
                  <input type="radio" name={groupId} checked={choice === i} onChange={() => onChoose(i)} className="mt-1 shrink-0 accent-[var(--brand)]" />
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img
                    src={option.image}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="h-14 w-14 shrink-0 rounded bg-[var(--surface)] object-cover"
                  />
                  <span className="min-w-0 flex-1 text-sm">
                    <Link href={productPath(option)} prefetch={false} className="font-medium hover:text-brand" target="_blank">
                      {option.name}
                    </Link>
                    {option.options.length > 0 && (
                      <span className="block text-xs text-[var(--muted-fg)]">{t("option", { option: option.options.map((o) => o.value).join(", ") })}</span>
                    )}
                    <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs">
                      <span className="font-semibold">{formatMoney(option.price, currency)}</span>
                      <span className={option.stock > 0 ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-400"}>
                        {option.stock > 0 ? t("inStock", { stock: option.stock }) : t("outOfStock")}
                      </span>
                      <span className="text-[var(--muted-fg)]">{t(`reason.${option.reason}`)}</span>
                    </span>
                    {option.packSize > 1 && (
                      <span className="block text-xs text-[var(--muted-fg)]">
                        {t("packOf", { units: option.units, size: option.packSize, quantity: line.quantity })}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1 text-sm">
                <input type="radio" name={groupId} checked={choice === null} onChange={() => onChoose(null)} className="accent-[var(--brand)]" />
                {t("skip")}
              </label>
            </li>
          </ul>
        </fieldset>
      ) : (
        <p className="mt-2 text-sm text-[var(--muted-fg)]">{t("noAlternatives")}</p>
      )}
      {picked && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="flex items-center gap-2">
            <span>{t("units", { units: count })}</span>
            <input
              type="number"
              min={1}
              max={999}
              inputMode="numeric"
              value={count}
              onChange={(e) => onUnits(Math.max(1, Math.min(999, Math.floor(Number(e.target.value)) || 1)))}
              className="h-9 w-20 rounded-md border border-[var(--border)] bg-[var(--surface)] px-2"
            />
          </label>
          <span className="font-medium">{t("lineTotal", { total: formatMoney(count * priceAt(picked, count), currency) })}</span>
        </div>
      )}
    </li>
  );
}
