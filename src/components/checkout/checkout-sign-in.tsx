"use client";

import Link from "next/link";
import { LogIn } from "lucide-react";
import { useTranslations } from "use-intl";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { useCart } from "../cart/cart-store";
import { Button } from "../ui/button";

/**
 * /checkout for a guest: sign in or register in the dialog, then come back here. The sign-in
 * merges the guest cart into the account's before the page returns (src/components/auth/login-form.tsx).
 */
export function CheckoutSignIn() {
  const t = useTranslations("checkout.guest");
  const { cart } = useCart();
  const count = cart.totals.total_items;
  return (
    <div className="mx-auto max-w-md rounded-xl border border-[var(--border)] p-6 text-center">
      <LogIn className="mx-auto h-10 w-10 text-brand" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{t("title")}</h2>
      <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("text")}</p>
      {count > 0 && <p className="mt-2 text-sm">{t("inCart", { count })}</p>}
      <div className="mt-4 grid gap-2">
        <Button size="lg" data-opens="auth" onClick={() => openAuthDialog("login", "/checkout")}>
          {t("signIn")}
        </Button>
        <Button size="lg" variant="secondary" data-opens="auth" onClick={() => openAuthDialog("register", "/checkout")}>
          {t("register")}
        </Button>
        <Link href="/cart" className="mt-1 text-sm text-brand hover:underline">
          {t("backToCart")}
        </Link>
      </div>
    </div>
  );
}
