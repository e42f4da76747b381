"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { OutOfStockLine } from "@/lib/error-codes";
import { api, isApiError } from "@/lib/api-client";
import { deliveryOptions, orderTotals, type DeliveryMethod, type DeliveryOption, type DeliverySettings, type PaymentMethod } from "@/lib/checkout";
import { attemptFingerprint, checkCheckoutForm, checkoutRequestOf, isCheckoutField, type CheckoutField, type CheckoutFormValues } from "@/lib/checkout-form";
import { formatMoney } from "@/lib/money";
import type { CheckoutQuote, SavedAddress } from "@/lib/orders";
import { formatTanzanianPhone, normaliseTanzanianMobile } from "@/lib/phone";
import { textIn, type SiteSettings } from "@/lib/site-settings";
import { REGIONS, findRegion, regionName } from "@/lib/tanzania-regions";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { announceCartChange, refreshServerCart } from "../cart/cart-store";
import { useErrorText } from "../i18n/error-text";
import { saveHandoff } from "../orders/payment-handoff";
import { ALL_USABLE_COINS, CheckoutRewards } from "../rewards/checkout-rewards";
import { useCouponReasonText } from "../rewards/coupon-field";
import { saveCoupon, useSavedCoupon } from "../rewards/coupon-storage";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent } from "../ui/dialog";
import { ChoiceCard, FieldError, Section, TextField, fieldId, inputClass } from "./form-fields";

/** One line of the cart as the checkout shows and prices it. */
export interface CheckoutLine {
  productId: number;
  variantId: string;
  name: string;
  attributes: Record<string, string>;
  quantity: number;
  unitPrice: number;
  freeDelivery: boolean;
  sameDayDelivery: boolean;
}

/** The settings the checkout needs in the browser (no secrets: the public settings hold them all); the shop's address in the page's language. */
export type CheckoutShop = DeliverySettings &
  Pick<SiteSettings, "vatRates"> & { address: string; mobileMoneyProviders: string[]; bankTransferHours: number; courierArea: string };

interface Props {
  lines: CheckoutLine[];
  addresses: SavedAddress[];
  contact: { fullName: string; phone: string };
  shop: CheckoutShop;
  methods: PaymentMethod[];
  /** the server's clock when the page was rendered (same-day delivery has a cut-off) */
  now: string;
  /** the shopper's saved payment choices (/account/payment), which the form starts with */
  savedPayment?: SavedPayment;
}

/** The preferred method and the first saved mobile-money number, as the checkout page read them. */
export interface SavedPayment {
  method: PaymentMethod | null;
  wallet: string | null;
  /** E.164 */
  phone: string | null;
}

/** The form's first values with the saved payment choices in: only a method and a wallet the shop offers now. */
function withSavedPayment(values: CheckoutFormValues, saved: SavedPayment | undefined, methods: PaymentMethod[], wallets: string[]): CheckoutFormValues {
  if (!saved) return values;
  const wallet = saved.wallet && wallets.includes(saved.wallet) ? saved.wallet : null;
  return {
    ...values,
    payment: saved.method && methods.includes(saved.method) ? saved.method : values.payment,
    wallet: wallet ?? values.wallet,
    paymentPhone: wallet && saved.phone ? formatTanzanianPhone(saved.phone) : values.paymentPhone,
  };
}

const ATTEMPT_KEY = "checkout_attempt";
const QUOTE_DELAY_MS = 250;

/** The Idempotency-Key of this checkout attempt: kept while the cart and the request stay the same. */
function attemptKey(fingerprint: string): string {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ATTEMPT_KEY) ?? "null") as { fingerprint: string; key: string } | null;
    if (stored && stored.fingerprint === fingerprint) return stored.key;
    const key = crypto.randomUUID();
    sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify({ fingerprint, key }));
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

function forgetAttempt() {
  try {
    sessionStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // nothing stored
  }
}

function valuesFrom(address: SavedAddress | undefined, contact: Props["contact"]): CheckoutFormValues {
  return {
    fullName: address?.fullName || contact.fullName,
    phone: address?.phone || contact.phone,
    method: null,
    region: address?.region ?? "",
    district: address?.district ?? "",
    ward: address?.ward ?? "",
    street: address?.street ?? "",
    landmark: address?.landmark ?? "",
    notes: "",
    parcelOffice: address?.parcelOffice ?? "",
    payment: null,
    wallet: "",
    paymentPhone: "",
    buyerTin: "",
    saveAddress: true,
  };
}

/** The first method that can be chosen, the cheapest first (pick-up last: it asks the shopper to travel). */
function firstAvailable(options: DeliveryOption[]): DeliveryMethod | null {
  const open = options.filter((o) => o.available);
  const delivered = open.filter((o) => o.method !== "pickup").sort((a, b) => a.fee - b.fee);
  return (delivered[0] ?? open[0])?.method ?? null;
}

/**
 * What the summary says went wrong. A text about the coupon or the coins holds only while they stay
 * as they were (`rewards`: the rewards key it was said for): changing them answers it.
 */
type Notice =
  { kind: "fields" } | { kind: "out-of-stock"; lines: OutOfStockLine[] } | { kind: "cart-empty" } | { kind: "text"; text: string; rewards?: string };

/**
 * The checkout: contact, delivery, payment and the summary. The totals show at once from the same
 * rules the server uses (src/lib/checkout.ts) and are then confirmed by the server's quote; the
 * order is placed with that total, and the server refuses it if anything changed meanwhile.
 */
export function CheckoutForm({ lines, addresses, contact, shop, methods, now, savedPayment }: Props) {
  const t = useTranslations("checkout");
  const to = useTranslations("orders");
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const money = (n: number) => formatMoney(n, "TZS");

  const [values, setValues] = useState<CheckoutFormValues>(() =>
    withSavedPayment(valuesFrom(addresses[0], contact), savedPayment, methods, shop.mobileMoneyProviders),
  );
  const [addressChoice, setAddressChoice] = useState<string>(addresses[0] ? String(addresses[0].id) : "new");
  // a saved number is the payment number from the start (not the contact phone)
  const [paymentPhoneEdited, setPaymentPhoneEdited] = useState(() => values.paymentPhone !== "");
  // fields marked wrong by the server's answer or on leaving them; cleared when they change
  const [marked, setMarked] = useState<Partial<Record<CheckoutField, true>>>({});
  // after a refused submit, the browser's checks run on every change: a field shows wrong exactly while it is
  const [checked, setChecked] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [clock, setClock] = useState(() => new Date(now));
  const [quote, setQuote] = useState<{ key: string; quote: CheckoutQuote } | null>(null);
  const [changedTotal, setChangedTotal] = useState<{ old: number; total: number } | null>(null);
  // ---- coupon and coins (src/components/rewards): sent with the quote and the order ----
  const tr = useTranslations("rewards");
  const couponReasonText = useCouponReasonText();
  // the code applied in the cart or here, remembered for this tab
  const couponCode = useSavedCoupon();
  const [useCoins, setUseCoins] = useState(false);
  const rewardsKey = `${couponCode ?? ""}|${useCoins ? "coins" : ""}`;
  // ---- end of coupon and coins ----
  const noticeRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);
  const datalistId = useId();

  const set = <K extends keyof CheckoutFormValues>(key: K, value: CheckoutFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = key === "method" ? "delivery" : key === "landmark" ? "street" : key;
    if (isCheckoutField(field) && marked[field]) setMarked((e) => ({ ...e, [field]: undefined }));
  };

  // the delivery options for this cart and region, by the shared rules; the server's quote replaces
  // them when it answers for the same cart and region (a pick-up quote has no region: its options are not)
  const region = values.region || null;
  const cartKey = lines.map((l) => `${l.productId}:${l.variantId}:${l.quantity}:${l.unitPrice}`).join(",");
  const regionKey = `${region ?? ""}|${cartKey}`;
  const localOptions = useMemo(() => deliveryOptions(lines, region, clock, shop), [lines, region, clock, shop]);
  const quoteForRegion = quote?.key.startsWith(`${regionKey}|`) ? quote.quote : null;
  const options = quoteForRegion && quoteForRegion.method !== "pickup" ? quoteForRegion.options : localOptions;

  // the shopper's pick while the region allows it; otherwise, once a region is chosen, the cheapest method it allows
  const picked = options.find((o) => o.method === values.method && o.available);
  const method: DeliveryMethod | null = picked ? picked.method : region ? firstAvailable(options) : null;
  const chosen = options.find((o) => o.method === method);
  const form: CheckoutFormValues = { ...values, method };
  const quoteKey = `${regionKey}|${method ?? ""}|${rewardsKey}`;
  const serverQuote = quote?.key === quoteKey ? quote.quote : null;
  // the coupon's and the coins' figures come from the server only (the last quote for them while a new one is asked)
  const rewardsQuote = serverQuote ?? (quote?.key.endsWith(`|${rewardsKey}`) ? quote.quote : null);

  const errors: Partial<Record<CheckoutField, true>> = { ...marked };
  if (checked) for (const field of checkCheckoutForm(form)) errors[field] = true;
  const anyError = Object.values(errors).some(Boolean);
  // the summary's notice, while it still holds (fixed fields, a changed coupon or coins answer it)
  const shownNotice =
    notice?.kind === "fields" && !anyError ? null : notice?.kind === "text" && notice.rewards !== undefined && notice.rewards !== rewardsKey ? null : notice;

  const fee = chosen?.available ? chosen.fee : 0;
  const local = orderTotals(lines, fee, method === "pickup" ? null : region, shop.vatRates);
  const total = serverQuote?.total ?? local.total;
  const shown = {
    subtotal: serverQuote?.subtotal ?? local.subtotal,
    deliveryFee: serverQuote?.deliveryFee ?? local.deliveryFee,
    vatTotal: serverQuote?.vatTotal ?? local.vatTotal,
    rate: (serverQuote?.vatRateBp ?? local.rateBp) / 100,
  };

  // the server's figure for this destination and method, a moment after the shopper stops changing them
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.checkout
        .quote(
          {
            region: method === "pickup" ? null : region,
            method,
            couponCode: couponCode ?? undefined,
            coinsToSpend: useCoins ? ALL_USABLE_COINS : undefined,
          },
          { signal: controller.signal },
        )
        .then(({ quote: answer }) => setQuote({ key: quoteKey, quote: answer }))
        .catch(() => undefined); // the shared rules' figures stay; placing the order checks the total anyway
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [quoteKey, region, method, couponCode, useCoins]);

  const chooseAddress = (choice: string) => {
    setAddressChoice(choice);
    const address = addresses.find((a) => String(a.id) === choice);
    setValues((v) => {
      const next = valuesFrom(address, contact);
      return address
        ? { ...v, ...next, method: v.method, payment: v.payment, wallet: v.wallet, paymentPhone: v.paymentPhone, buyerTin: v.buyerTin, notes: v.notes }
        : { ...v, region: "", district: "", ward: "", street: "", landmark: "", parcelOffice: "" };
    });
    setClock(new Date());
  };

  const fieldText = (field: CheckoutField) => t(`errors.${field}`);
  const err = (field: CheckoutField) => (errors[field] ? fieldText(field) : null);

  const focusField = (field: CheckoutField) => {
    const target = document.getElementById(fieldId(field)) ?? document.querySelector<HTMLElement>(`[data-field="${field}"] input:not([disabled])`);
    target?.focus();
  };

  const showNotice = (next: Notice) => {
    setNotice(next);
    requestAnimationFrame(() => noticeRef.current?.scrollIntoView({ block: "center", behavior: "smooth" }));
  };

  const place = async (expectedTotal: number) => {
    if (inFlight.current) return;
    const wrong = checkCheckoutForm(form);
    if (wrong.length) {
      setChecked(true);
      setNotice({ kind: "fields" });
      focusField(wrong[0]!);
      return;
    }
    setMarked({});
    setNotice(null);
    const body = {
      ...checkoutRequestOf(form, expectedTotal),
      // coupon and coins: exactly what the quote the shopper saw used
      ...(couponCode ? { couponCode } : {}),
      ...(useCoins ? { coinsToSpend: serverQuote?.coins.spent ?? 0 } : {}),
    };
    const key = attemptKey(attemptFingerprint(lines, body));
    inFlight.current = true;
    setBusy(true);
    try {
      const placed = await api.checkout.place(body, key);
      forgetAttempt();
      saveCoupon(null);
      saveHandoff(placed.order.number, { payment: placed.payment });
      // the server emptied the cart: the header's badge and other tabs follow
      void refreshServerCart();
      announceCartChange();
      router.push(`/account/orders/${encodeURIComponent(placed.order.number)}?placed=1`);
    } catch (error) {
      inFlight.current = false;
      setBusy(false);
      if (isApiError(error, "price-changed")) {
        const next = error.body.quote;
        if (next) {
          setQuote({ key: quoteKey, quote: next });
          setChangedTotal({ old: expectedTotal, total: next.total });
        } else showNotice({ kind: "text", text: errorText(error) });
        router.refresh();
      } else if (isApiError(error, "coupon-invalid")) {
        const refused = error.body;
        if (refused.quote) setQuote({ key: quoteKey, quote: refused.quote });
        showNotice({
          kind: "text",
          text: refused.reason
            ? couponReasonText({ code: couponCode ?? "", applied: false, reason: refused.reason, missing: refused.missing })
            : errorText(error),
          rewards: rewardsKey,
        });
      } else if (isApiError(error, "validation") && error.body.field === "coins") {
        if (error.body.quote) setQuote({ key: quoteKey, quote: error.body.quote });
        showNotice({ kind: "text", text: tr("coins.refused"), rewards: rewardsKey });
      } else if (isApiError(error, "out-of-stock")) {
        showNotice({ kind: "out-of-stock", lines: error.body.lines ?? [] });
        router.refresh();
      } else if (isApiError(error, "cart-empty")) {
        showNotice({ kind: "cart-empty" });
      } else if (isApiError(error, "unauthenticated")) {
        showNotice({ kind: "text", text: t("errors.signedOut") });
        openAuthDialog("login", "/checkout");
      } else if ((isApiError(error, "validation") || isApiError(error, "invalid-input")) && isCheckoutField(error.body.field)) {
        const field = error.body.field;
        setMarked({ [field]: true });
        setNotice({ kind: "fields" });
        focusField(field);
      } else if (isApiError(error, "idempotency-conflict")) {
        // this key went with another request: the next submit is a new attempt
        forgetAttempt();
        showNotice({ kind: "text", text: errorText(error) });
      } else {
        // busy, offline, a time-out: the same submit again keeps its key, so it can never order twice
        showNotice({ kind: "text", text: errorText(error) });
      }
      return;
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void place(total);
  };

  const phoneE164 = normaliseTanzanianMobile(values.phone);
  const paymentPhoneShown = paymentPhoneEdited ? values.paymentPhone : values.phone;
  const paymentPhoneE164 = normaliseTanzanianMobile(paymentPhoneShown);
  const regionInfo = findRegion(values.region);
  const travels = method !== "pickup";
  const optionalText = t("optional");

  const unavailableText = (o: DeliveryOption) => {
    switch (o.unavailable) {
      case "after-cutoff":
        return t("delivery.unavailable.after-cutoff", { time: o.detail ?? "" });
      case "outside-courier-area":
        return t("delivery.unavailable.outside-courier-area", { area: shop.courierArea });
      case "inside-courier-area":
        return t("delivery.unavailable.inside-courier-area", { area: shop.courierArea });
      case undefined:
        return null;
      default:
        return t(`delivery.unavailable.${o.unavailable}`);
    }
  };

  const optionDetail = (o: DeliveryOption) => {
    if (o.method === "same_day") return t("delivery.detail.same_day", { time: o.detail ?? "" });
    if (o.method === "parcel") return t("delivery.detail.parcel", { place: o.departure ? textIn(o.departure, locale) : "" });
    if (o.method === "pickup") return t("delivery.detail.pickup");
    return t("delivery.detail.courier", { area: shop.courierArea });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-[1fr_22rem] lg:items-start" aria-busy={busy}>
      <div className="min-w-0 space-y-4">
        <Section id="contact" title={t("steps.contact")}>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              name="fullName"
              label={t("contact.fullName")}
              autoComplete="name"
              value={values.fullName}
              onChange={(e) => set("fullName", e.target.value)}
              error={err("fullName")}
            />
            <TextField
              name="phone"
              label={t("contact.phone")}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={(e) => set("phone", e.target.value)}
              onBlur={() => values.phone.trim() && !phoneE164 && setMarked((e) => ({ ...e, phone: true }))}
              hint={phoneE164 ? t("contact.phoneOk", { phone: formatTanzanianPhone(phoneE164) }) : t("contact.phoneHint")}
              error={err("phone")}
            />
          </div>
        </Section>

        <Section id="delivery" title={t("steps.delivery")}>
          <div className="space-y-3">
            {addresses.length > 0 && (
              <div>
                <label htmlFor={fieldId("saved")} className="block text-sm font-medium">
                  {t("delivery.savedAddress")}
                </label>
                <select id={fieldId("saved")} value={addressChoice} onChange={(e) => chooseAddress(e.target.value)} className={inputClass}>
                  {addresses.map((a) => (
                    <option key={a.id} value={String(a.id)}>
                      {t("delivery.savedLabel", {
                        place: [a.street || a.landmark || a.parcelOffice, a.district].filter(Boolean).join(", "),
                        region: regionName(a.region, locale),
                      })}
                    </option>
                  ))}
                  <option value="new">{t("delivery.newAddress")}</option>
                </select>
              </div>
            )}
            <div>
              <label htmlFor={fieldId("region")} className="block text-sm font-medium">
                {t("delivery.region")}
              </label>
              <select
                id={fieldId("region")}
                value={values.region}
                onChange={(e) => {
                  set("region", e.target.value);
                  setClock(new Date());
                }}
                aria-invalid={errors.region ? true : undefined}
                aria-describedby={errors.region ? `${fieldId("region")}-error` : `${fieldId("region")}-hint`}
                className={inputClass}
              >
                <option value="">{t("delivery.chooseRegion")}</option>
                <optgroup label={t("delivery.mainland")}>
                  {REGIONS.filter((r) => r.zone === "mainland").map((r) => (
                    <option key={r.code} value={r.code}>
                      {locale === "sw" ? r.nameSw : r.name}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("delivery.zanzibar")}>
                  {REGIONS.filter((r) => r.zone === "zanzibar").map((r) => (
                    <option key={r.code} value={r.code}>
                      {locale === "sw" ? r.nameSw : r.name}
                    </option>
                  ))}
                </optgroup>
              </select>
              {!errors.region && (
                <p id={`${fieldId("region")}-hint`} className="mt-1 text-xs text-[var(--muted-fg)]">
                  {t("delivery.regionHint")}
                </p>
              )}
              <FieldError id={`${fieldId("region")}-error`} text={err("region")} />
            </div>

            <fieldset data-field="delivery" aria-describedby={errors.delivery ? "delivery-error" : undefined}>
              <legend className="mb-2 text-sm font-medium">{t("delivery.method")}</legend>
              <div className="space-y-2">
                {options.map((o) => {
                  const why = o.available ? null : unavailableText(o);
                  return (
                    <ChoiceCard
                      key={o.method}
                      name="delivery-method"
                      value={o.method}
                      checked={method === o.method}
                      disabled={!o.available}
                      onChange={(m) => set("method", m as DeliveryMethod)}
                      title={to(`deliveryMethod.${o.method}`)}
                      aside={o.fee === 0 ? t("free") : money(o.fee)}
                      describedBy={`delivery-${o.method}-detail`}
                    >
                      <span id={`delivery-${o.method}-detail`} className="mt-0.5 block text-xs text-[var(--muted-fg)]">
                        {why ?? optionDetail(o)}
                      </span>
                    </ChoiceCard>
                  );
                })}
              </div>
              <FieldError id="delivery-error" text={err("delivery")} />
            </fieldset>

            {method === "pickup" && (
              <div className="rounded-lg bg-[var(--surface)] p-3 text-sm">
                <p className="font-medium">{t("delivery.pickupAt")}</p>
                <p>{shop.address}</p>
              </div>
            )}

            {travels && method && (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  name="district"
                  label={t("delivery.district")}
                  list={datalistId}
                  autoComplete="address-level2"
                  value={values.district}
                  onChange={(e) => set("district", e.target.value)}
                  hint={t("delivery.districtHint")}
                  error={err("district")}
                />
                <datalist id={datalistId}>
                  {regionInfo?.districts.map((d) => (
                    <option key={d} value={d} />
                  ))}
                </datalist>
                <TextField
                  name="ward"
                  label={t("delivery.ward")}
                  optionalText={optionalText}
                  autoComplete="address-level3"
                  value={values.ward}
                  onChange={(e) => set("ward", e.target.value)}
                />
                {method === "parcel" ? (
                  <TextField
                    name="parcelOffice"
                    className="sm:col-span-2"
                    label={t("delivery.parcelOffice")}
                    optionalText={optionalText}
                    value={values.parcelOffice}
                    onChange={(e) => set("parcelOffice", e.target.value)}
                    hint={t("delivery.parcelOfficeHint")}
                  />
                ) : (
                  <>
                    <TextField
                      name="street"
                      label={t("delivery.street")}
                      autoComplete="street-address"
                      value={values.street}
                      onChange={(e) => set("street", e.target.value)}
                      error={err("street")}
                    />
                    <TextField
                      name="landmark"
                      label={t("delivery.landmark")}
                      optionalText={optionalText}
                      value={values.landmark}
                      onChange={(e) => set("landmark", e.target.value)}
                      hint={t("delivery.landmarkHint")}
                    />
                  </>
                )}
                <label className="flex items-center gap-2 text-sm sm:col-span-2">
                  <input
                    type="checkbox"
                    checked={values.saveAddress}
                    onChange={(e) => set("saveAddress", e.target.checked)}
                    className="h-4 w-4 accent-[var(--brand)]"
                  />
                  {t("delivery.saveAddress")}
                </label>
              </div>
            )}
            <div>
              <label htmlFor={fieldId("notes")} className="block text-sm font-medium">
                {t("delivery.notes")}
                <span className="font-normal text-[var(--muted-fg)]"> {optionalText}</span>
              </label>
              <textarea
                id={fieldId("notes")}
                value={values.notes}
                maxLength={500}
                rows={2}
                onChange={(e) => set("notes", e.target.value)}
                className="mt-1 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 py-2 text-base sm:text-sm"
              />
            </div>
          </div>
        </Section>

        <Section id="payment" title={t("steps.payment")}>
          {methods.length === 0 ? (
            <p className="text-sm">{t("payment.none")}</p>
          ) : (
            <fieldset data-field="payment" aria-describedby={errors.payment ? "payment-error" : undefined}>
              <legend className="mb-2 text-sm font-medium">{t("payment.method")}</legend>
              <div className="space-y-2">
                {methods.map((m) => (
                  <ChoiceCard
                    key={m}
                    name="payment-method"
                    value={m}
                    checked={values.payment === m}
                    onChange={(next) => set("payment", next as PaymentMethod)}
                    title={to(`paymentMethod.${m}`)}
                    describedBy={`payment-${m}-detail`}
                  >
                    <span id={`payment-${m}-detail`} className="mt-0.5 block text-xs text-[var(--muted-fg)]">
                      {m === "mobile_money"
                        ? shop.mobileMoneyProviders.join(", ")
                        : m === "card"
                          ? t("payment.cardNote")
                          : t("payment.bankNote", { hours: shop.bankTransferHours })}
                    </span>
                  </ChoiceCard>
                ))}
              </div>
              <FieldError id="payment-error" text={err("payment")} />
            </fieldset>
          )}

          {values.payment === "mobile_money" && (
            <div className="mt-4 space-y-3">
              <fieldset data-field="wallet" aria-describedby={errors.wallet ? "wallet-error" : "wallet-hint"}>
                <legend className="text-sm font-medium">{t("payment.wallet")}</legend>
                <p id="wallet-hint" className="mb-2 text-xs text-[var(--muted-fg)]">
                  {t("payment.walletHint")}
                </p>
                <div className="grid grid-cols-2 gap-2">
                  {shop.mobileMoneyProviders.map((w) => (
                    <ChoiceCard key={w} name="wallet" value={w} checked={values.wallet === w} onChange={(next) => set("wallet", next)} title={w} />
                  ))}
                </div>
                <FieldError id="wallet-error" text={err("wallet")} />
              </fieldset>
              <TextField
                name="paymentPhone"
                label={t("payment.paymentPhone")}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={paymentPhoneShown}
                onChange={(e) => {
                  setPaymentPhoneEdited(true);
                  set("paymentPhone", e.target.value);
                }}
                hint={paymentPhoneE164 ? t("payment.pushTo", { phone: formatTanzanianPhone(paymentPhoneE164) }) : t("payment.paymentPhoneHint")}
                error={err("paymentPhone")}
              />
            </div>
          )}

          <details className="mt-4 text-sm" open={Boolean(values.buyerTin) || Boolean(errors.buyerTin)}>
            <summary className="cursor-pointer font-medium text-brand">{t("tin.toggle")}</summary>
            <TextField
              className="mt-2"
              name="buyerTin"
              label={t("tin.label")}
              optionalText={optionalText}
              inputMode="numeric"
              value={values.buyerTin}
              onChange={(e) => set("buyerTin", e.target.value)}
              hint={t("tin.hint")}
              error={err("buyerTin")}
            />
          </details>
        </Section>

        <CheckoutRewards
          quote={rewardsQuote}
          couponCode={couponCode}
          onCoupon={saveCoupon}
          useCoins={useCoins}
          onUseCoins={setUseCoins}
          busy={Boolean(couponCode || useCoins) && !serverQuote}
        />
      </div>

      <aside aria-labelledby="summary-heading" className="space-y-3 rounded-xl border border-[var(--border)] p-4 text-sm lg:sticky lg:top-28">
        <h2 id="summary-heading" className="text-base font-semibold">
          {t("summary.title")}
        </h2>
        <ul className="divide-y divide-[var(--border)]" aria-label={t("summary.lines")}>
          {lines.map((l) => {
            const attrs = Object.entries(l.attributes)
              .map(([name, value]) => `${name}: ${value}`)
              .join(", ");
            return (
              <li key={`${l.productId}-${l.variantId}`} className="flex justify-between gap-3 py-2" data-testid="checkout-line">
                <span className="min-w-0">
                  <span className="line-clamp-2">{t("summary.line", { name: l.name, quantity: l.quantity })}</span>
                  {attrs && <span className="block text-xs text-[var(--muted-fg)]">{attrs}</span>}
                </span>
                <span className="shrink-0">{money(l.unitPrice * l.quantity)}</span>
              </li>
            );
          })}
        </ul>
        <dl className="space-y-1.5 border-t border-[var(--border)] pt-2">
          <div className="flex justify-between">
            <dt>{t("summary.subtotal")}</dt>
            <dd data-testid="checkout-subtotal">{money(shown.subtotal)}</dd>
          </div>
          {serverQuote && serverQuote.discount > 0 && (
            <div className="flex justify-between text-emerald-800 dark:text-emerald-300">
              <dt>{tr("summary.discount", { code: serverQuote.coupon?.code ?? "" })}</dt>
              <dd data-testid="checkout-discount">{tr("summary.minus", { amount: money(serverQuote.discount) })}</dd>
            </div>
          )}
          {serverQuote && serverQuote.coins.value > 0 && (
            <div className="flex justify-between text-emerald-800 dark:text-emerald-300">
              <dt>{tr("summary.coins", { count: serverQuote.coins.spent })}</dt>
              <dd data-testid="checkout-coins">{tr("summary.minus", { amount: money(serverQuote.coins.value) })}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>{method ? t("summary.deliveryBy", { method: to(`deliveryMethod.${method}`) }) : t("summary.delivery")}</dt>
            <dd data-testid="checkout-delivery">{method ? (shown.deliveryFee === 0 ? t("free") : money(shown.deliveryFee)) : "—"}</dd>
          </div>
          <div className="flex justify-between text-[var(--muted-fg)]">
            <dt>{t("summary.vat", { rate: shown.rate })}</dt>
            <dd data-testid="checkout-vat">{money(shown.vatTotal)}</dd>
          </div>
          <div className="flex justify-between border-t border-[var(--border)] pt-2 text-base font-semibold">
            <dt>{t("summary.total")}</dt>
            <dd data-testid="checkout-total" aria-live="polite">
              {money(total)}
            </dd>
          </div>
        </dl>

        <div ref={noticeRef}>
          {shownNotice && (
            <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
              {shownNotice.kind === "fields" && <p>{t("errors.summary")}</p>}
              {shownNotice.kind === "text" && <p>{shownNotice.text}</p>}
              {shownNotice.kind === "cart-empty" && (
                <p>
                  {t("errors.cartEmpty")}{" "}
                  <Link href="/products" className="font-semibold underline">
                    {t("empty.browse")}
                  </Link>
                </p>
              )}
              {shownNotice.kind === "out-of-stock" && (
                <>
                  <p>{t("errors.outOfStock")}</p>
                  <ul className="mt-1 list-disc pl-5">
                    {shownNotice.lines.map((l) => (
                      <li key={`${l.productId}-${l.variantId}`}>{t("errors.outOfStockLine", { name: l.name, count: l.available })}</li>
                    ))}
                  </ul>
                  <Link href="/cart" className="mt-1 inline-block font-semibold underline">
                    {t("errors.reviewCart")}
                  </Link>
                </>
              )}
            </div>
          )}
        </div>

        <button type="submit" disabled={busy || methods.length === 0} className="h-11 w-full rounded-lg bg-brand font-semibold text-white disabled:opacity-70">
          {busy ? t("summary.placing") : t("summary.placeOrder", { total: money(total) })}
        </button>
        <p className="text-xs text-[var(--muted-fg)]">
          {t.rich("summary.terms", {
            link: (chunks) => (
              <Link href="/services/terms-of-service" className="underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </aside>

      <AlertDialog open={changedTotal !== null} onOpenChange={(open) => !open && setChangedTotal(null)}>
        {changedTotal && (
          <AlertDialogContent
            title={t("priceChanged.title")}
            description={t("priceChanged.text", { total: money(changedTotal.total), old: money(changedTotal.old) })}
          >
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <AlertDialogCancel className="rounded-md border border-[var(--border)] px-3 py-2 text-sm">{t("priceChanged.review")}</AlertDialogCancel>
              <AlertDialogAction
                onClick={() => {
                  const next = changedTotal.total;
                  setChangedTotal(null);
                  void place(next);
                }}
                className="rounded-md bg-brand px-3 py-2 text-sm font-semibold text-white"
              >
                {t("priceChanged.confirm", { total: money(changedTotal.total) })}
              </AlertDialogAction>
            </div>
          </AlertDialogContent>
        )}
      </AlertDialog>
    </form>
  );
}
