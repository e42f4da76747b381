import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Heart } from "lucide-react";
import { WishlistList } from "@/components/account/wishlist-list";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSessionUser } from "../../session";
import { ButtonLink } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("wishlist.meta");
  return { title: t("title"), description: t("description"), alternates: languageAlternates("/account/wishlist"), robots: { index: false } };
}

/** The shopper's wishlist with today's price and stock, add to cart and remove. */
export default async function WishlistPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account/wishlist");
  const [t, items] = await Promise.all([getTranslator("wishlist.page"), (await getServices()).wishlist.list(user.id)]);
  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
      <h1 className="text-xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">{t("description")}</p>
      {items.length === 0 ? (
        <div className="py-10 text-center">
          <Heart className="mx-auto h-12 w-12 text-[var(--muted-fg)]" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">{t("empty.title")}</h2>
          <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("empty.text")}</p>
          <ButtonLink href="/products" className="mt-4">
            {t("empty.browse")}
          </ButtonLink>
        </div>
      ) : (
        <WishlistList items={items} />
      )}
    </div>
  );
}
