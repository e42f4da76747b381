"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { formatMoney } from "@/lib/money";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { Field, Input, Select, TextField } from "../ui/form";
import { StaffOrderSection, type StaffOrderProblem } from "./staff-order-section";

interface FoundProduct {
  id: number;
  name: string;
  price: number;
  stock: number;
  /** the product's options (combination id and its label), when it has any */
  options: { id: string; label: string; price: number; stock: number }[] | null;
}

/** A line of the order being taken: a product, its option ("default" without options) and how many. */
export interface StaffOrderLine {
  productId: number;
  variantId: string;
  name: string;
  optionLabel: string | null;
  quantity: number;
}

/**
 * The staff order screen's products: a catalogue search (a product with options offers them), and
 * the order's lines with their quantities. Adding a product (again) is `onAdded`'s news: a changed
 * order is a new order for the server.
 */
export function StaffOrderLines({
  lines,
  onLines,
  onAdded,
  error,
  onProblem,
}: {
  lines: StaffOrderLine[];
  onLines: (change: (current: StaffOrderLine[]) => StaffOrderLine[]) => void;
  onAdded: () => void;
  /** why the lines were refused (none yet), or null */
  error: string | null;
  onProblem: (problem: StaffOrderProblem) => void;
}) {
  const t = useTranslations("admin.staffOrders");
  const errorText = useErrorText();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<FoundProduct[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [picked, setPicked] = useState<Record<number, string>>({});

  async function searchProducts(event?: FormEvent) {
    event?.preventDefault();
    if (!query.trim()) return;
    setSearching(true);
    try {
      const { products } = await api.catalog.products({ search: query.trim(), limit: 8 });
      const withOptions = await Promise.all(
        products.map(async (p): Promise<FoundProduct> => {
          if (!p.variant_config) return { id: p.id, name: p.name, price: p.price, stock: p.stock_quantity, options: null };
          const full = await api.catalog.product(p.id);
          return {
            id: p.id,
            name: p.name,
            price: p.price,
            stock: p.stock_quantity,
            options: full.variants.map((v) => ({
              id: v.combinationId,
              label: Object.values(v.attributes).join(" / ") || v.sku,
              price: v.price,
              stock: v.stock,
            })),
          };
        }),
      );
      setFound(withOptions);
    } catch (failure) {
      onProblem({ field: null, text: errorText(failure) });
    } finally {
      setSearching(false);
    }
  }

  function addLine(product: FoundProduct) {
    const option = product.options ? (product.options.find((o) => o.id === picked[product.id]) ?? product.options[0]) : null;
    const variantId = option?.id ?? "default";
    onLines((current) => {
      const same = current.find((l) => l.productId === product.id && l.variantId === variantId);
      if (same) return current.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l));
      return [...current, { productId: product.id, variantId, name: product.name, optionLabel: option?.label ?? null, quantity: 1 }];
    });
    onAdded();
  }

  function setQuantity(index: number, quantity: number) {
    onLines((current) => current.map((l, i) => (i === index ? { ...l, quantity: Math.max(1, Math.min(999, quantity || 1)) } : l)));
  }

  return (
    <StaffOrderSection id="products-heading" title={t("products")}>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          name="productSearch"
          label={t("search")}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") void searchProducts(e);
          }}
          className="min-w-[12rem] flex-1"
        />
        <Button variant="secondary" onClick={() => void searchProducts()} busy={searching} busyText={t("searching")}>
          {t("searchButton")}
        </Button>
      </div>
      {found && found.length === 0 && <p className="text-[var(--muted-fg)]">{t("noProducts")}</p>}
      {found && found.length > 0 && (
        <ul className="divide-y divide-[var(--border)]" data-testid="staff-product-results">
          {found.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2 py-2">
              <span className="min-w-[10rem] flex-1 break-words">
                {p.name}
                <span className="block text-xs text-[var(--muted-fg)]">
                  {formatMoney(p.price, "TZS")} · {t("inStock", { count: p.stock })}
                </span>
              </span>
              {p.options && (
                // a long option's label wraps the select onto its own row, never past the screen's edge
                <Field id={`option-${p.id}`} label={t("option")} hideLabel className="max-w-full min-w-0">
                  {(control) => (
                    <Select {...control} value={picked[p.id] ?? p.options![0]?.id ?? ""} onChange={(e) => setPicked({ ...picked, [p.id]: e.target.value })}>
                      {p.options!.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.label} · {formatMoney(o.price, "TZS")}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              )}
              <Button size="sm" onClick={() => addLine(p)} aria-label={`${t("add")}: ${p.name}`}>
                {t("add")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {lines.length === 0 ? (
        <p className="text-[var(--muted-fg)]">{t("noLines")}</p>
      ) : (
        <ul className="space-y-2" data-testid="staff-order-lines">
          {lines.map((l, i) => (
            // on a phone the name has the row to itself, the quantity and Remove under it
            <li key={`${l.productId}:${l.variantId}`} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="min-w-0 basis-full font-medium break-words sm:flex-1 sm:basis-0">
                {l.name}
                {l.optionLabel && <span className="block text-xs font-normal text-[var(--muted-fg)]">{l.optionLabel}</span>}
              </span>
              <Field id={`qty-${i}`} label={t("quantity")} hideLabel className="w-24">
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={999}
                    value={l.quantity}
                    onChange={(e) => setQuantity(i, Number(e.target.value))}
                  />
                )}
              </Field>
              <Button size="sm" variant="ghost" onClick={() => onLines((current) => current.filter((_, j) => j !== i))}>
                {t("remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </StaffOrderSection>
  );
}
