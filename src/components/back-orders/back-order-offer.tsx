"use client";

import { Clock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { shopDay, type BackOrderOffer as Offer } from "@/lib/back-orders";
import { DATE_FORMATS } from "@/lib/date-format";
import { MAX_LINE_QUANTITY } from "@/lib/guest-cart";
import type { Product } from "@/lib/product";
import { DEFAULT_VARIANT_ID } from "@/lib/variants";
import { addProductToCart } from "../cart/add-to-cart";
import { SubmitButton } from "../ui/submit-button";
import { TextField } from "../ui/form";

/**
 * The product page's back-order: where the admin allows it and the shop knows when more comes, more
 * than the stock can be ordered, with the date the rest is expected ("2 in stock now, the rest about
 * 12 Dec"). Asked of the API once the page is shown, so no cached page carries a date. Products
 * with options are left to their option's own stock (the offer is per product). Texts: catalog.backOrder.
 */
export function BackOrderOffer({ product }: { product: Product }) {
  const t = useTranslations("catalog.backOrder");
  const format = useFormatter();
  const id = useId();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [quantity, setQuantity] = useState("");
  const [busy, setBusy] = useState(false);
  const hasOptions = (product.product_variants?.length ?? 0) > 0;

  useEffect(() => {
    if (hasOptions) return;
    let live = true;
    api.backOrders
      .offer(product.id, DEFAULT_VARIANT_ID)
      .then((answer) => {
        if (!live) return;
        setOffer(answer);
        setQuantity(String(answer.stock + 1));
      })
      // the page stands without the offer: a failed read offers nothing beyond stock
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [product.id, hasOptions]);

  if (!offer?.expectedOn) return null;
  const wanted = Number(quantity);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= MAX_LINE_QUANTITY;
  const date = format.dateTime(shopDay(offer.expectedOn), DATE_FORMATS.date);

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      // beyond the stock the page knows: the server's cart and checkout check the back-order again
      await addProductToCart({ ...product, stock_quantity: MAX_LINE_QUANTITY, in_stock: true }, null, wanted);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={add} className="mt-3 space-y-2 rounded-xl border border-[var(--border)] p-3 text-sm" data-testid="back-order-offer" noValidate>
      <p className="flex items-start gap-2">
        <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
        <span>{offer.stock > 0 ? t("more", { stock: offer.stock, date }) : t("soldOut", { date })}</span>
      </p>
      <p className="text-[var(--muted-fg)]">{t("how")}</p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          id={`${id}-quantity`}
          label={t("quantity")}
          className="w-28"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QUANTITY}
          value={quantity}
          error={quantity !== "" && !valid ? t("quantityError", { max: MAX_LINE_QUANTITY }) : null}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <SubmitButton variant="secondary" busy={busy} disabled={!valid}>
          {t("add")}
        </SubmitButton>
      </div>
    </form>
  );
}
