"use client";

import Link from "next/link";
import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { useLayoutEffect } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { EMPTY_CART, setGuestLine, shippingCost, type Cart } from "@/lib/guest-cart";
import { formatMoney } from "@/lib/money";
import { productPath } from "@/lib/slug";
import { useErrorText } from "../i18n/error-text";
import { CouponField } from "../rewards/coupon-field";
import { useCartCoupon } from "../rewards/use-coupon-quote";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { toast } from "../ui/toaster";
import { useCurrency } from "../hooks/use-currency";
import { useHydrated } from "../hooks/use-hydrated";
import { announceCartChange, refreshServerCart, serverCart, showServerCart, useCart } from "./cart-store";
import { LinePricing } from "./line-pricing";
import { OrderOnWhatsApp } from "./order-on-whatsapp";
import { readGuestCart, saveGuestCart } from "./use-guest-cart";
import { ButtonLink } from "../ui/button";
import { BackOrderLines } from "../back-orders/back-order-lines";

/**
 * /cart: lines by product, steppers bounded by stock, shipping, total; the guest cart or the
 * signed-in shopper's. The server renders the signed-in cart it read (`initialCart`); a guest's
 * lives in the browser, so the server renders a skeleton for it, never a false "empty".
 */
export function CartView({
  shipping,
  initialCart,
  whatsapp,
}: {
  shipping: number;
  initialCart: Cart | null;
  /** the shop's WhatsApp number and the site's origin (for a product's page), for "Order on WhatsApp"; absent: no button */
  whatsapp?: { shopNumber: string; siteOrigin: string };
}) {
  const live = useCart();
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (initialCart && serverCart.get() === null) serverCart.set(initialCart);
  }, [initialCart]);
  const known = hydrated && !live.loading;
  const cart = known ? live.cart : initialCart;
  const { signedIn } = live;
  const t = useTranslations("cart");
  const errorText = useErrorText();
  const [currency] = useCurrency();
  const money = (n: number) => formatMoney(n, currency);
  const tr = useTranslations("rewards");
  const cartKey = (cart?.items ?? []).map((i) => i.variants.map((l) => `${i.productId}:${l.variantId}:${l.quantity}:${l.price}`).join(",")).join(";");
  const coupon = useCartCoupon(signedIn, cartKey);

  const change = async (productId: number, itemId: string, variantId: string, quantity: number) => {
    if (!signedIn) {
      const next = setGuestLine(readGuestCart(), productId, variantId, quantity);
      saveGuestCart(next);
      if (quantity === 0) toast({ title: t("toast.removed"), description: t("toast.removedText") });
      return;
    }
    // the change shows at once, before the server answers; its answer (or a reload on failure) settles it
    const current = serverCart.get() ?? EMPTY_CART;
    showServerCart(
      setGuestLine({ ...current, items: current.items.map((i) => ({ ...i, product: { ...i.product, stock_quantity: 999 } })) }, productId, variantId, quantity),
    );
    try {
      const result = await api.cart.setLine({ itemId: Number(itemId), variantId, quantity });
      if (quantity === 0) toast({ title: t("toast.removed"), description: t("toast.removedText") });
      // the server set the line to what it has in stock
      else if (result.quantity < quantity) toast({ title: t("toast.stockLimit"), description: t("toast.stockLimitText", { count: result.quantity }) });
    } catch (error) {
      const description = isApiError(error, "out-of-stock") ? errorText(error) : quantity === 0 ? t("toast.removeFailed") : t("toast.updateFailed");
      toast({ title: t("toast.error"), description, variant: "destructive" });
    } finally {
      await refreshServerCart();
      announceCartChange();
    }
  };

  const clear = async () => {
    if (!signedIn) {
      saveGuestCart(EMPTY_CART);
      toast({ title: t("toast.cleared") });
      return;
    }
    showServerCart(EMPTY_CART);
    try {
      await api.cart.clear();
      toast({ title: t("toast.cleared") });
    } catch {
      toast({ title: t("toast.error"), description: t("toast.clearFailed"), variant: "destructive" });
    } finally {
      await refreshServerCart();
      announceCartChange();
    }
  };

  if (!cart) return <CartSkeleton label={t("loading")} />;
  if (cart.items.length === 0) return <EmptyCart />;
  const ship = shippingCost(cart.items, shipping);
  const attributesText = (attributes: Record<string, string>) =>
    Object.entries(attributes)
      .map(([name, value]) => t("attribute", { name, value }))
      .join(", ");
  // the lines as this page shows them (the server's prices for a signed-in cart, the re-priced guest cart otherwise)
  const whatsappLines = cart.items.flatMap((item) =>
    item.variants.map((line) => ({ name: item.product.name, option: attributesText(line.attributes), quantity: line.quantity, unitPrice: line.price })),
  );
  const onlyProduct = cart.items.length === 1 ? cart.items[0]!.product : null;
  const discount = coupon.status?.applied ? coupon.status.discount : 0;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
      <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)]" aria-label={t("items")}>
        {cart.items.map((item) =>
          item.variants.map((line) => {
            const attrs = attributesText(line.attributes);
            const label = attrs ? t("lineLabel", { name: item.product.name, attributes: attrs }) : item.product.name;
            const max = Math.min(999, item.product.stock_quantity);
            return (
              <li key={`${item.productId}-${line.variantId}`} className="flex gap-3 p-3" data-testid="cart-line">
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={line.image || item.product.image}
                  alt=""
                  width={80}
                  height={80}
                  className="h-20 w-20 shrink-0 rounded-md bg-[var(--surface)] object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link href={`/products/${item.productId}-product`} className="line-clamp-2 text-sm font-medium hover:text-brand">
                    {item.product.name}
                  </Link>
                  {attrs && <p className="text-xs text-[var(--muted-fg)]">{attrs}</p>}
                  <p className="text-xs text-[var(--muted-fg)]">{t("each", { price: money(line.price) })}</p>
                  <LinePricing line={line} max={max} money={money} onSetQuantity={(q) => change(item.productId, item.id, line.variantId, q)} />
                  <div className="mt-2 flex items-center gap-2">
                    <div className="flex items-center rounded-md border border-[var(--border)]" role="group" aria-label={t("quantityOf", { label })}>
                      <button
                        type="button"
                        aria-label={t("oneFewer", { label })}
                        disabled={line.quantity <= 1}
                        onClick={() => change(item.productId, item.id, line.variantId, line.quantity - 1)}
                        className="flex h-8 w-8 items-center justify-center disabled:opacity-40"
                      >
                        <Minus className="h-4 w-4" aria-hidden />
                      </button>
                      <span className="w-8 text-center text-sm" data-testid="line-quantity" aria-live="polite">
                        {line.quantity}
                      </span>
                      <button
                        type="button"
                        aria-label={t("oneMore", { label })}
                        disabled={line.quantity >= max}
                        onClick={() => change(item.productId, item.id, line.variantId, line.quantity + 1)}
                        className="flex h-8 w-8 items-center justify-center disabled:opacity-40"
                      >
                        <Plus className="h-4 w-4" aria-hidden />
                      </button>
                    </div>
                    <button
                      type="button"
                      aria-label={t("remove", { label })}
                      onClick={() => change(item.productId, item.id, line.variantId, 0)}
                      className="flex h-8 w-8 items-center justify-center rounded-md text-[var(--muted-fg)] hover:text-red-600"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </button>
                  </div>
                </div>
                <p className="shrink-0 text-sm font-semibold" data-testid="line-total">
                  {money(line.price * line.quantity)}
                </p>
              </li>
            );
          }),
        )}
      </ul>
      <aside className="h-fit space-y-2 rounded-xl border border-[var(--border)] p-4 text-sm" aria-label={t("summary")}>
        <p className="flex justify-between">
          <span>{t("subtotal", { count: cart.totals.total_items })}</span>
          <span data-testid="subtotal">{money(cart.totals.subtotal)}</span>
        </p>
        <p className="flex justify-between">
          <span>{t("shipping")}</span>
          <span data-testid="shipping">{ship === 0 ? t("free") : money(ship)}</span>
        </p>
        {discount > 0 && (
          <p className="flex justify-between text-emerald-800 dark:text-emerald-300">
            <span>{tr("summary.discount", { code: coupon.code ?? "" })}</span>
            <span data-testid="cart-discount">{tr("summary.minus", { amount: money(discount) })}</span>
          </p>
        )}
        <p className="flex justify-between border-t border-[var(--border)] pt-2 text-base font-semibold">
          <span>{t("total")}</span>
          <span data-testid="total">{money(cart.totals.subtotal - discount + ship)}</span>
        </p>
        <div className="border-t border-[var(--border)] pt-2">
          {signedIn ? (
            <CouponField code={coupon.code} status={coupon.status} busy={coupon.busy} onApply={coupon.apply} onRemove={coupon.remove} name="cartCoupon" />
          ) : (
            <p className="text-xs text-[var(--muted-fg)]">{tr("coupon.signIn")}</p>
          )}
        </div>
        <BackOrderLines
          lines={signedIn ? null : cart.items.flatMap((i) => i.variants.map((l) => ({ productId: i.productId, variantId: l.variantId, quantity: l.quantity })))}
          refreshKey={cartKey}
        />
        <ButtonLink href="/checkout" size="lg" block className="mt-2" aria-describedby="checkout-note">
          {t("checkout")}
        </ButtonLink>
        <p id="checkout-note" className="text-xs text-[var(--muted-fg)]">
          {t("checkoutNote")}
        </p>
        {whatsapp && (
          <OrderOnWhatsApp
            shopNumber={whatsapp.shopNumber}
            order={{ lines: whatsappLines, productUrl: onlyProduct ? new URL(productPath(onlyProduct), whatsapp.siteOrigin).href : undefined }}
          />
        )}
        <ClearCart onConfirm={clear} />
      </aside>
    </div>
  );
}

function ClearCart({ onConfirm }: { onConfirm: () => void }) {
  const t = useTranslations("cart.clear");
  return (
    <AlertDialog>
      <AlertDialogTrigger className="w-full rounded-lg border border-[var(--border)] py-2 text-sm">{t("button")}</AlertDialogTrigger>
      <AlertDialogContent title={t("title")} description={t("description")}>
        <div className="mt-4 flex justify-end gap-2">
          <AlertDialogCancel className="rounded-md border border-[var(--border)] px-3 py-2 text-sm">{t("keep")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white">
            {t("confirm")}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function CartSkeleton({ label }: { label: string }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]" role="status" aria-label={label} data-testid="cart-skeleton">
      <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)]" aria-hidden>
        {/* sized as a one-line cart and its summary, so the page below does not move when it arrives */}
        <li className="flex h-[7.75rem] gap-3 p-3">
          <div className="h-20 w-20 shrink-0 animate-pulse rounded-md bg-[var(--surface)]" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/3 animate-pulse rounded bg-[var(--surface)]" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-[var(--surface)]" />
            <div className="h-8 w-28 animate-pulse rounded bg-[var(--surface)]" />
          </div>
        </li>
      </ul>
      <div className="h-96 animate-pulse rounded-xl bg-[var(--surface)]" aria-hidden />
    </div>
  );
}

function EmptyCart() {
  const t = useTranslations("cart.empty");
  return (
    <div className="mx-auto max-w-md py-12 text-center">
      <ShoppingCart className="mx-auto h-12 w-12 text-[var(--muted-fg)]" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{t("title")}</h2>
      <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("text")}</p>
      <ButtonLink href="/products" className="mt-4">
        {t("browse")}
      </ButtonLink>
    </div>
  );
}
