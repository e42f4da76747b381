"use client";

import { Minus, Plus, ShoppingCart } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { ProductPriceBreakBody } from "@/lib/contract/price-breaks";
import { formatMoney } from "@/lib/money";
import { breaksFor, priceLadder, unitPriceAt, type ShopTier } from "@/lib/price-breaks";
import type { Product } from "@/lib/product";
import { MAX_LINE_QUANTITY } from "@/lib/guest-cart";
import { isLocale } from "@/lib/locale";
import { defaultVariant, optionText, optionWords, priceOfChoice, variantsMatching } from "@/lib/variants";
import { wasPriceForChoice } from "@/lib/was-price";
import { addProductToCart } from "../cart/add-to-cart";
import { OrderOnWhatsApp } from "../cart/order-on-whatsapp";
import { FittedPrice } from "../ui/price";
import { useCurrency } from "../hooks/use-currency";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";
import { Button } from "../ui/button";
import { chosenOption } from "./chosen-option";
import { PriceLadderTable } from "./price-ladder";

/** Prices by quantity as the page has them: the product's breaks (its detail's), its pack size and the shop's tiers. */
export interface PurchasePricing {
  priceBreaks: readonly ProductPriceBreakBody[];
  packSize: number;
  tiers: readonly ShopTier[];
}

/** The shop's WhatsApp number and this product's page (its full address), for "Order on WhatsApp". */
export interface PurchaseWhatsApp {
  shopNumber: string;
  productUrl: string;
}

/** Price, variant choice, stock, quantity, Add to Cart and Order on WhatsApp on the product page. */
export function ProductPurchase({ product, pricing, whatsapp }: { product: Product; pricing?: PurchasePricing; whatsapp?: PurchaseWhatsApp }) {
  const t = useTranslations("catalog.purchase");
  const tCard = useTranslations("catalog.card");
  const [currency] = useCurrency();
  const locale = useLocale();
  // the options in the page's language; what is chosen and sent stays the stored words
  const words = optionWords(product.variant_config, isLocale(locale) ? locale : "en");
  const variants = useMemo(() => product.product_variants ?? [], [product.product_variants]);
  const attributeNames = useMemo(() => {
    const order = product.variant_config?.attributeOrder ?? product.variant_config?.primaryAttributes ?? [];
    const names = new Set<string>(order);
    for (const v of variants) for (const name of Object.keys(v.attributes)) if (!name.endsWith("_raw")) names.add(name);
    return [...names].filter((n) => variants.some((v) => n in v.attributes));
  }, [variants, product.variant_config]);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);

  const variant =
    attributeNames.length && attributeNames.every((n) => chosen[n])
      ? (variants.find((v) => attributeNames.every((n) => v.attributes[n] === chosen[n])) ?? null)
      : null;
  // the spec table shows the chosen option's own values
  const variantId = variant?.id ?? null;
  useEffect(() => {
    chosenOption.set(variantId);
    return () => chosenOption.set(null);
  }, [variantId]);
  // the price follows the attributes chosen so far: one that alone decides it shows it exactly
  const candidates = useMemo(() => variantsMatching(variants, chosen), [variants, chosen]);
  const choicePrice = variants.length ? priceOfChoice(candidates) : { price: product.price, exact: true };
  const unavailable = choicePrice === null;
  const price = variant ? variant.price : (choicePrice?.price ?? product.price);
  // an incomplete choice adds the cheapest option in stock that agrees with it
  const toAdd = variant ?? defaultVariant(candidates);
  const stock = variant ? variant.stock : variants.length ? candidates.reduce((sum, v) => sum + Math.max(0, v.stock), 0) : product.stock_quantity;
  const needsChoice = variants.length > 0 && !variant && !choicePrice?.exact;
  // the product's "was" price is its own price's: shown against that price only, before any choice
  const was = wasPriceForChoice({
    shownPrice: price,
    price: product.price,
    originalPrice: product.original_price,
    chosen: Object.values(chosen).some(Boolean),
  });
  // the prices by quantity of what would be added (once its one-unit price is known exactly):
  // its own breaks, else the product's, else the shop's tiers
  const ladderOption = variants.length && !needsChoice && !unavailable ? (toAdd?.id ?? null) : null;
  const ladder = useMemo(() => {
    if (needsChoice || unavailable) return null;
    const stored = (pricing?.priceBreaks ?? []).filter((b) => b.minQuantity > 1);
    return priceLadder(price, breaksFor(stored, ladderOption === null ? null : Number(ladderOption)), pricing?.tiers ?? []);
  }, [pricing, price, ladderOption, needsChoice, unavailable]);
  const maxQuantity = Math.max(1, Math.min(MAX_LINE_QUANTITY, stock));
  // a typed quantity above the stock is kept as asked: the note below says so, and the cart adds
  // what there is with the partial-stock message (never a silent cut to the stock here)
  const typeQuantity = (text: string) => setQuantity(Math.max(1, Math.min(MAX_LINE_QUANTITY, Number(text.replace(/\D/g, "")) || 1)));
  const aboveStock = stock > 0 && quantity > stock;
  const quantityRef = useRef<HTMLInputElement>(null);
  useInputBeforeHydration(quantityRef, String(quantity), typeQuantity);

  return (
    <div className="mt-4">
      <p className="@container flex flex-wrap items-baseline gap-2">
        {needsChoice && <span className="text-sm text-[var(--muted-fg)]">{t("from")}</span>}
        <FittedPrice text={formatMoney(price, currency)} className="font-bold [--price-max:1.5rem]" data-testid="detail-price" />
        {was && (
          <>
            <span className="max-w-full text-[var(--muted-fg)]">
              <span className="sr-only">{tCard("wasPrice", { price: formatMoney(was.was, currency) })}</span>
              <FittedPrice text={formatMoney(was.was, currency)} className="line-through" data-testid="detail-was-price" aria-hidden />
            </span>
            <span className="rounded bg-red-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="detail-discount">
              {tCard("badge.off", { percent: was.percent })}
            </span>
          </>
        )}
      </p>
      <p
        className={`mt-1 text-sm font-medium ${stock > 0 ? (stock < 5 ? "text-amber-700 dark:text-amber-400" : "text-emerald-700 dark:text-emerald-400") : "text-red-700 dark:text-red-400"}`}
        aria-live="polite"
      >
        {unavailable ? t("combinationUnavailable") : stock <= 0 ? t("outOfStock") : stock < 5 ? t("onlyLeft", { count: stock }) : t("inStock")}
      </p>
      <PriceLadderTable ladder={ladder} quantity={quantity} packSize={pricing?.packSize ?? 1} currency={currency} />

      {attributeNames.map((name) => {
        const values = [...new Set(variants.map((v) => v.attributes[name]).filter((x): x is string => Boolean(x)))];
        return (
          <fieldset key={name} className="mt-4">
            <legend className="text-sm font-medium">{words.name(name)}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {values.map((value) => {
                const selected = chosen[name] === value;
                return (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={selected}
                    onClick={() => setChosen((c) => ({ ...c, [name]: value }))}
                    className={`rounded-md border px-3 py-1.5 text-sm ${selected ? "border-brand bg-brand text-white" : "border-[var(--border)] hover:border-brand"}`}
                  >
                    {words.value(name, value)}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}

      <div className="mt-5 flex items-center gap-3">
        <div className="flex items-center rounded-md border border-[var(--border)]">
          <button type="button" aria-label={t("decrease")} onClick={() => setQuantity((q) => Math.max(1, q - 1))} className="p-2">
            <Minus className="h-4 w-4" aria-hidden />
          </button>
          <input
            ref={quantityRef}
            aria-label={t("quantity")}
            aria-describedby={aboveStock ? "quantity-above-stock" : undefined}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => typeQuantity(e.target.value)}
            className="w-12 bg-transparent text-center"
          />
          <button
            type="button"
            aria-label={t("increase")}
            disabled={quantity >= maxQuantity}
            onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
            className="p-2 disabled:opacity-40"
          >
            <Plus className="h-4 w-4" aria-hidden />
          </button>
        </div>
        <Button
          disabled={adding || stock <= 0}
          onClick={async () => {
            setAdding(true);
            await addProductToCart(product, toAdd, quantity, ladder ?? undefined);
            setAdding(false);
          }}
          className="flex-1"
        >
          <ShoppingCart className="h-5 w-5" aria-hidden /> {t("addToCart")}
        </Button>
      </div>
      <p id="quantity-above-stock" className="mt-2 text-sm text-amber-800 empty:hidden dark:text-amber-300" aria-live="polite">
        {aboveStock ? t("aboveStock", { count: stock }) : ""}
      </p>
      {variants.length > 0 && !variant && !unavailable && <p className="mt-2 text-xs text-[var(--muted-fg)]">{t("lowestAdded")}</p>}
      {whatsapp && (
        <OrderOnWhatsApp
          shopNumber={whatsapp.shopNumber}
          className="mt-3"
          order={{
            // what Add to Cart would add: the option and quantity chosen, at the price for that quantity
            lines: [
              {
                name: product.name,
                option: variants.length ? optionText(toAdd?.attributes, words) : "",
                quantity,
                unitPrice: ladder ? unitPriceAt(ladder, quantity) : (toAdd?.price ?? price),
              },
            ],
            productUrl: whatsapp.productUrl,
          }}
        />
      )}
    </div>
  );
}
