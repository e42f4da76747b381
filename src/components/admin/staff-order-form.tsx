"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api, isApiError, refusedField } from "@/lib/api-client";
import type { StaffLookupResponse } from "@/lib/contract/admin-staff-orders";
import { DELIVERY_METHODS, type DeliveryMethod } from "@/lib/checkout";
import { isLocale } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import { REGIONS } from "@/lib/tanzania-regions";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { Field, Input, Select, TextField } from "../ui/form";
import { toast } from "../ui/toaster";

/** What staff may take an order to be paid by (a card is paid by the customer on their own page). */
const STAFF_PAYMENT_METHODS = ["mobile_money", "bank_transfer"] as const;
type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];

interface FoundProduct {
  id: number;
  name: string;
  price: number;
  stock: number;
  /** the product's options (combination id and its label), when it has any */
  options: { id: string; label: string; price: number; stock: number }[] | null;
}

interface Line {
  productId: number;
  variantId: string;
  name: string;
  optionLabel: string | null;
  quantity: number;
}

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The staff order screen: the customer by their number (a lookup shows accounts that name it and
 * its earlier orders), the products and options, delivery, coupon and how it will be paid. The
 * server prices it (price breaks, coupon limits per number) and places it once per screen (the
 * Idempotency-Key), then the order's page offers the prompt, the link and the counter payment.
 */
export function StaffOrderForm({ wallets }: { wallets: string[] }) {
  const t = useTranslations("admin.staffOrders");
  const localeTag = useLocale();
  const locale = isLocale(localeTag) ? localeTag : "sw";
  const router = useRouter();
  const errorText = useErrorText();
  const key = useRef(newKey());

  const [phone, setPhone] = useState("");
  const [lookup, setLookup] = useState<StaffLookupResponse | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<FoundProduct[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [picked, setPicked] = useState<Record<number, string>>({});
  const [lines, setLines] = useState<Line[]>([]);
  const [method, setMethod] = useState<DeliveryMethod>("pickup");
  const [region, setRegion] = useState("");
  const [district, setDistrict] = useState("");
  const [ward, setWard] = useState("");
  const [street, setStreet] = useState("");
  const [landmark, setLandmark] = useState("");
  const [parcelOffice, setParcelOffice] = useState("");
  const [notes, setNotes] = useState("");
  const [coupon, setCoupon] = useState("");
  const [payment, setPayment] = useState<StaffPaymentMethod>("mobile_money");
  const [wallet, setWallet] = useState(wallets[0] ?? "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: string | null; text: string } | null>(null);

  const fieldError = (field: string) => (problem?.field === field ? problem.text : null);

  async function findCustomer() {
    if (!phone.trim()) return;
    setLookingUp(true);
    setProblem(null);
    try {
      setLookup(await api.staffOrders.lookup(phone.trim()));
    } catch (error) {
      setProblem({ field: refusedField(error)?.field ?? "phone", text: errorText(error) });
    } finally {
      setLookingUp(false);
    }
  }

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
    } catch (error) {
      setProblem({ field: null, text: errorText(error) });
    } finally {
      setSearching(false);
    }
  }

  function addLine(product: FoundProduct) {
    const option = product.options ? (product.options.find((o) => o.id === picked[product.id]) ?? product.options[0]) : null;
    const variantId = option?.id ?? "default";
    setLines((current) => {
      const same = current.find((l) => l.productId === product.id && l.variantId === variantId);
      if (same) return current.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l));
      return [...current, { productId: product.id, variantId, name: product.name, optionLabel: option?.label ?? null, quantity: 1 }];
    });
    // a changed order is a new order: a new key, so the server does not answer the earlier one
    key.current = newKey();
  }

  function setQuantity(index: number, quantity: number) {
    setLines((current) => current.map((l, i) => (i === index ? { ...l, quantity: Math.max(1, Math.min(999, quantity || 1)) } : l)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (lines.length === 0) {
      setProblem({ field: "lines", text: t("needsLines") });
      return;
    }
    setBusy(true);
    setProblem(null);
    const delivery =
      method === "pickup"
        ? { method, notes: notes.trim() || undefined }
        : {
            method,
            region: region || undefined,
            district: district.trim() || undefined,
            ward: ward.trim() || undefined,
            street: street.trim() || undefined,
            landmark: landmark.trim() || undefined,
            parcelOffice: method === "parcel" ? parcelOffice.trim() || undefined : undefined,
            notes: notes.trim() || undefined,
          };
    try {
      const { order } = await api.staffOrders.place(
        {
          fullName: fullName.trim(),
          phone: phone.trim(),
          email: email.trim() || undefined,
          lines: lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })),
          delivery,
          payment: payment === "mobile_money" ? { method: payment, wallet } : { method: payment },
          couponCode: coupon.trim() || undefined,
        },
        key.current,
      );
      toast({ title: t("created", { number: order.number }) });
      router.push(`/admin/orders/${encodeURIComponent(order.number)}`);
    } catch (error) {
      const refused = refusedField(error);
      setProblem({ field: refused?.field ?? null, text: errorText(error) });
      if (!isApiError(error, "idempotency-conflict")) return;
      key.current = newKey();
    } finally {
      setBusy(false);
    }
  }

  const sectionClass = "space-y-3 rounded-xl border border-[var(--border)] p-4";
  const when = new Intl.DateTimeFormat(locale === "sw" ? "sw-TZ" : "en-GB", { dateStyle: "medium" });

  return (
    <form onSubmit={submit} className="space-y-4 text-sm" noValidate data-testid="staff-order-form">
      <section className={sectionClass} aria-labelledby="customer-heading">
        <h2 id="customer-heading" className="text-base font-semibold">
          {t("customer")}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            name="phone"
            label={t("phone")}
            type="tel"
            autoComplete="off"
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              setLookup(null);
            }}
            onBlur={() => void findCustomer()}
            hint={t("phoneHint")}
            error={fieldError("phone") ?? fieldError("paymentPhone")}
            className="min-w-[14rem] flex-1"
          />
          <Button variant="secondary" onClick={() => void findCustomer()} busy={lookingUp} busyText={t("lookingUp")} className="mb-5">
            {t("lookup")}
          </Button>
        </div>
        {lookup && (
          <div data-testid="staff-lookup" className="space-y-2 rounded-lg bg-[var(--muted)] p-3">
            {lookup.accounts.length === 0 && lookup.orders.length === 0 && <p>{t("noMatches")}</p>}
            {lookup.accounts.length > 0 && (
              <div>
                <p className="font-medium">{t("accountsTitle")}</p>
                <ul className="list-disc pl-5">
                  {lookup.accounts.map((a) => (
                    <li key={a.email}>
                      {a.name} <span className="text-[var(--muted-fg)]">{a.email}</span>
                    </li>
                  ))}
                </ul>
                <p className="text-xs text-[var(--muted-fg)]">{t("accountsNote")}</p>
              </div>
            )}
            {lookup.orders.length > 0 && (
              <div>
                <p className="font-medium">{t("ordersTitle")}</p>
                <ul className="list-disc pl-5">
                  {lookup.orders.map((o) => (
                    <li key={o.number}>
                      <button type="button" className="text-brand hover:underline" onClick={() => setFullName((name) => name || o.fullName)}>
                        {o.fullName}
                      </button>{" "}
                      · {o.number} · {when.format(new Date(o.createdAt))} · {formatMoney(o.total, "TZS")}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="fullName"
            label={t("name")}
            autoComplete="off"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            error={fieldError("fullName")}
          />
          <TextField
            name="email"
            label={t("email")}
            optionalText={t("optional")}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint={t("emailHint")}
            error={fieldError("email")}
          />
        </div>
      </section>

      <section className={sectionClass} aria-labelledby="products-heading">
        <h2 id="products-heading" className="text-base font-semibold">
          {t("products")}
        </h2>
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
            className="min-w-[14rem] flex-1"
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
                <span className="min-w-0 flex-1">
                  {p.name}
                  <span className="block text-xs text-[var(--muted-fg)]">
                    {formatMoney(p.price, "TZS")} · {t("inStock", { count: p.stock })}
                  </span>
                </span>
                {p.options && (
                  <Field id={`option-${p.id}`} label={t("option")} hideLabel>
                    {(control) => (
                      <Select
                        {...control}
                        compact
                        value={picked[p.id] ?? p.options![0]?.id ?? ""}
                        onChange={(e) => setPicked({ ...picked, [p.id]: e.target.value })}
                      >
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
              <li key={`${l.productId}:${l.variantId}`} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 font-medium">
                  {l.name}
                  {l.optionLabel && <span className="block text-xs font-normal text-[var(--muted-fg)]">{l.optionLabel}</span>}
                </span>
                <Field id={`qty-${i}`} label={t("quantity")} hideLabel>
                  {(control) => (
                    <Input
                      {...control}
                      compact
                      type="number"
                      min={1}
                      max={999}
                      className="w-20"
                      value={l.quantity}
                      onChange={(e) => setQuantity(i, Number(e.target.value))}
                    />
                  )}
                </Field>
                <Button size="sm" variant="ghost" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                  {t("remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {fieldError("lines") && (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {fieldError("lines")}
          </p>
        )}
      </section>

      <section className={sectionClass} aria-labelledby="delivery-heading">
        <h2 id="delivery-heading" className="text-base font-semibold">
          {t("delivery")}
        </h2>
        <Field id="field-deliveryMethod" label={t("method")} error={fieldError("delivery")}>
          {(control) => (
            <Select {...control} value={method} onChange={(e) => setMethod(e.target.value as DeliveryMethod)}>
              {DELIVERY_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`deliveryMethod.${m}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {method !== "pickup" && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="field-region" label={t("region")} error={fieldError("region")}>
              {(control) => (
                <Select {...control} value={region} onChange={(e) => setRegion(e.target.value)}>
                  <option value="">{t("chooseRegion")}</option>
                  {REGIONS.map((r) => (
                    <option key={r.code} value={r.code}>
                      {locale === "sw" ? r.nameSw : r.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <TextField name="district" label={t("district")} value={district} onChange={(e) => setDistrict(e.target.value)} error={fieldError("district")} />
            <TextField name="ward" label={t("ward")} optionalText={t("optional")} value={ward} onChange={(e) => setWard(e.target.value)} />
            <TextField name="street" label={t("street")} value={street} onChange={(e) => setStreet(e.target.value)} error={fieldError("street")} />
            <TextField name="landmark" label={t("landmark")} optionalText={t("optional")} value={landmark} onChange={(e) => setLandmark(e.target.value)} />
            {method === "parcel" && (
              <TextField name="parcelOffice" label={t("parcelOffice")} value={parcelOffice} onChange={(e) => setParcelOffice(e.target.value)} />
            )}
          </div>
        )}
        <TextField name="notes" label={t("notes")} optionalText={t("optional")} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </section>

      <section className={sectionClass} aria-labelledby="payment-heading">
        <h2 id="payment-heading" className="text-base font-semibold">
          {t("payment")}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="couponCode"
            label={t("coupon")}
            optionalText={t("optional")}
            value={coupon}
            onChange={(e) => setCoupon(e.target.value)}
            error={fieldError("coupon")}
          />
          <Field id="field-paymentMethod" label={t("payment")} error={fieldError("payment")}>
            {(control) => (
              <Select {...control} value={payment} onChange={(e) => setPayment(e.target.value as StaffPaymentMethod)}>
                {STAFF_PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`paymentMethod.${m}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {payment === "mobile_money" && (
            <Field id="field-wallet" label={t("wallet")} error={fieldError("wallet")}>
              {(control) => (
                <Select {...control} value={wallet} onChange={(e) => setWallet(e.target.value)}>
                  {wallets.map((w) => (
                    <option key={w} value={w}>
                      {w}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
      </section>

      {problem && problem.field === null && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem.text}
        </p>
      )}
      <Button type="submit" busy={busy} busyText={t("creating")}>
        {t("create")}
      </Button>
    </form>
  );
}
