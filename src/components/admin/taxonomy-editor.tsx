"use client";

import { ArrowDown, ArrowUp } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { AdminBrandRow, AdminCategoryRow } from "@/lib/admin-catalog";
import { slugify } from "@/lib/slug";
import { FormMessage, TextField } from "../ui/form";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";

type Kind = "category" | "brand";

/**
 * Categories and brands: create, rename (the new slug is shown as it will be; the old one keeps
 * working), reorder categories, and merge one into another after asking. The server checks and
 * logs everything; the page reloads its data after each change.
 */
export function TaxonomyEditor({
  categories,
  brands,
  attributeCounts = {},
}: {
  categories: AdminCategoryRow[];
  brands: AdminBrandRow[];
  /** each category's attribute definitions, by category id (a link to them on each row) */
  attributeCounts?: Record<number, number>;
}) {
  const t = useTranslations("admin.taxonomy");
  const router = useRouter();
  const [moving, setMoving] = useState(false);

  const move = async (index: number, delta: number) => {
    const ids = categories.map((c) => c.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    setMoving(true);
    try {
      await api.adminTaxonomy.reorder(ids);
      router.refresh();
    } finally {
      setMoving(false);
    }
  };

  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="mb-2 text-lg font-semibold">
          {t("categories")}
        </h2>
        <ul className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm" data-testid="admin-categories">
          {categories.map((c, i) => (
            <li key={c.id} className="py-2" data-slug={c.slug}>
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words">{c.name}</span>
                  <span className="block text-xs text-[var(--muted-fg)]">
                    /{c.slug} · {t("products", { count: c.products })}
                    {c.nameSw ? ` · ${c.nameSw}` : ""}
                  </span>
                  <Link href={`/admin/categories/${c.id}/attributes`} className="mt-0.5 inline-block text-xs font-semibold text-brand hover:underline">
                    {t("attributes", { count: attributeCounts[c.id] ?? 0 })}
                  </Link>
                </span>
                <button
                  type="button"
                  disabled={moving || i === 0}
                  onClick={() => void move(i, -1)}
                  aria-label={t("moveUp", { name: c.name })}
                  className="rounded border border-[var(--border)] p-1.5 disabled:opacity-40"
                >
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  disabled={moving || i === categories.length - 1}
                  onClick={() => void move(i, 1)}
                  aria-label={t("moveDown", { name: c.name })}
                  className="rounded border border-[var(--border)] p-1.5 disabled:opacity-40"
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </button>
              </div>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-brand">{t("change", { name: c.name })}</summary>
                <NameForm kind="category" id={c.id} initial={{ name: c.name, nameSw: c.nameSw ?? "" }} />
                <MergeForm kind="category" id={c.id} name={c.name} others={categories.filter((o) => o.id !== c.id)} />
              </details>
            </li>
          ))}
        </ul>
        <div className="mt-4">
          <h3 className="font-semibold">{t("newCategory")}</h3>
          <NameForm kind="category" id={null} initial={{ name: "", nameSw: "" }} />
        </div>
      </section>

      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="mb-2 text-lg font-semibold">
          {t("brands")}
        </h2>
        <ul className="max-h-[40rem] divide-y divide-[var(--border)] overflow-y-auto border-y border-[var(--border)] text-sm" data-testid="admin-brands">
          {brands.map((b) => (
            <li key={b.id} className="py-2" data-slug={b.slug}>
              <span className="block font-semibold break-words">{b.name}</span>
              <span className="block text-xs text-[var(--muted-fg)]">
                /{b.slug} · {t("products", { count: b.products })}
              </span>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-brand">{t("change", { name: b.name })}</summary>
                <NameForm kind="brand" id={b.id} initial={{ name: b.name, nameSw: "" }} />
                <MergeForm kind="brand" id={b.id} name={b.name} others={brands.filter((o) => o.id !== b.id)} />
              </details>
            </li>
          ))}
        </ul>
        <div className="mt-4">
          <h3 className="font-semibold">{t("newBrand")}</h3>
          <NameForm kind="brand" id={null} initial={{ name: "", nameSw: "" }} />
        </div>
      </section>
    </div>
  );
}

/** Create (id null) or rename a category or a brand; the slug it will get is shown as it is typed. */
function NameForm({ kind, id, initial }: { kind: Kind; id: number | null; initial: { name: string; nameSw: string } }) {
  const t = useTranslations("admin.taxonomy");
  const router = useRouter();
  const [name, setName] = useState(initial.name);
  const [nameSw, setNameSw] = useState(initial.nameSw);
  const prefix = `${kind}-${id ?? "new"}`;
  const send = useFormAction(
    async () => {
      const body = kind === "category" ? { name: name.trim(), nameSw: nameSw.trim() || null } : { name: name.trim() };
      if (kind === "category") await (id === null ? api.adminTaxonomy.createCategory(body) : api.adminTaxonomy.renameCategory(id, body));
      else await (id === null ? api.adminTaxonomy.createBrand(body) : api.adminTaxonomy.renameBrand(id, body));
      if (id === null) {
        setName("");
        setNameSw("");
      }
      router.refresh();
      return { ok: true, message: id === null ? t("created") : t("renamed") };
    },
    { failure: t("failed"), check: () => (!name.trim() ? t("needName") : !slugify(name) ? t("needLetters") : null) },
  );
  return (
    <form onSubmit={send.submit} noValidate className="mt-2 grid gap-2 sm:grid-cols-2">
      <TextField
        name={`${prefix}-name`}
        label={t("name")}
        maxLength={80}
        value={name}
        onChange={(e) => setName(e.target.value)}
        hint={t("slugWillBe", { slug: slugify(name) || "—" })}
      />
      {kind === "category" && (
        <TextField name={`${prefix}-name-sw`} label={t("nameSw")} maxLength={80} value={nameSw} onChange={(e) => setNameSw(e.target.value)} />
      )}
      <div className="sm:col-span-2">
        <FormMessage message={send.message} />
      </div>
      <SubmitButton busy={send.busy} className="sm:col-span-2 sm:justify-self-start">
        {id === null ? (kind === "category" ? t("createCategory") : t("createBrand")) : t("rename")}
      </SubmitButton>
    </form>
  );
}

/** Merges this category or brand into another, after asking: its products move, it goes, its slug leads to the other. */
function MergeForm({ kind, id, name, others }: { kind: Kind; id: number; name: string; others: { id: number; name: string }[] }) {
  const t = useTranslations("admin.taxonomy");
  const router = useRouter();
  const [into, setInto] = useState<number | null>(null);
  const send = useFormAction(
    async () => {
      const answer = await (kind === "category" ? api.adminTaxonomy.mergeCategory(id, into!) : api.adminTaxonomy.mergeBrand(id, into!));
      router.refresh();
      return { ok: true, message: t("merged", { count: answer.productsMoved }) };
    },
    { failure: t("failed") },
  );
  const target = others.find((o) => o.id === into);
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <label className="min-w-0 flex-1">
        <span className="block font-medium">{t("mergeInto", { name })}</span>
        <select
          value={into ?? ""}
          onChange={(e) => setInto(e.target.value ? Number(e.target.value) : null)}
          className="mt-1 h-10 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2"
        >
          <option value="">{t("choose")}</option>
          {others.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <AlertDialog>
        <AlertDialogTrigger
          disabled={!target || send.busy}
          className="h-10 rounded-lg border border-red-700 px-3 font-semibold text-red-700 disabled:opacity-40 dark:text-red-400"
        >
          {t("merge")}
        </AlertDialogTrigger>
        <AlertDialogContent title={t("mergeTitle", { name, into: target?.name ?? "" })} description={t("mergeText", { name, into: target?.name ?? "" })}>
          <div className="mt-4 flex justify-end gap-2">
            <AlertDialogCancel className="h-10 rounded-lg border border-[var(--border)] px-4">{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction className="h-10 rounded-lg bg-red-700 px-4 font-semibold text-white" onClick={() => send.submit()}>
              {t("merge")}
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
      <div className="w-full">
        <FormMessage message={send.message} />
      </div>
    </div>
  );
}
