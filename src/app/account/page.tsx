import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ChevronRight, CreditCard, Heart, MessageSquare, Package, Settings } from "lucide-react";
import { ProfileForm } from "@/components/auth/account-panel";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../i18n";
import { loadSessionUser } from "../session";

export async function generateMetadata(): Promise<Metadata> {
  const [t, ta] = await Promise.all([getTranslator("meta.account"), getTranslator("account.meta")]);
  return { title: t("title"), description: ta("profileDescription"), alternates: languageAlternates("/account"), robots: { index: false } };
}

/** The account's profile (name, e-mail, phone) and a summary linking to orders, wishlist, messages, payment and settings. */
export default async function AccountPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account");
  const services = await getServices();
  const [t, orders, wishlist, unread, payment] = await Promise.all([
    getTranslator("account"),
    services.orders.list(user.id),
    services.wishlist.count(user.id),
    services.messages.unreadCount(user.id),
    services.preferences.payment(user.id),
  ]);
  const links = [
    { href: "/account/orders", icon: Package, label: t("summary.orders"), text: t("summary.ordersText", { count: orders.length }) },
    { href: "/account/wishlist", icon: Heart, label: t("summary.wishlist"), text: t("summary.wishlistText", { count: wishlist }) },
    { href: "/account/messages", icon: MessageSquare, label: t("summary.messages"), text: t("summary.messagesText", { count: unread }) },
    { href: "/account/payment", icon: CreditCard, label: t("summary.payment"), text: t("summary.paymentText", { count: payment.wallets.length }) },
    { href: "/account/settings", icon: Settings, label: t("summary.settings"), text: t("summary.settingsText") },
  ];
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-6 md:grid-cols-2">
      <section aria-labelledby="profile-heading">
        <h1 id="profile-heading" className="text-xl font-bold">
          {t("title")}
        </h1>
        <p className="mb-4 text-sm text-[var(--muted-fg)]">{user.email}</p>
        <ProfileForm profile={user.profile} />
      </section>
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="mb-3 text-lg font-semibold">
          {t("summary.heading")}
        </h2>
        <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)]">
          {links.map(({ href, icon: Icon, label, text }) => (
            <li key={href}>
              <Link href={href} className="flex items-center gap-3 p-3 hover:bg-[var(--surface)]">
                <Icon className="h-5 w-5 shrink-0 text-brand" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{label}</span>
                  <span className="block text-sm text-[var(--muted-fg)]">{text}</span>
                </span>
                <ChevronRight className="h-4 w-4 shrink-0 text-[var(--muted-fg)]" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
