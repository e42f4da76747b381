import Link from "next/link";
import { Search, ShoppingCart } from "lucide-react";
import type { SiteSettings } from "@/lib/site-settings";

export const NAV_LINKS = [
  { href: "/ai-agent", label: "AI Sourcing" },
  { href: "/discover", label: "Discovery" },
  { href: "/become-supplier", label: "Become Supplier" },
  { href: "/buyer-central", label: "Buyer Central" },
] as const;

export function SiteHeader({ settings }: { settings: SiteSettings }) {
  return (
    <header className="sticky top-0 z-30 border-b border-[var(--border)] bg-[var(--page-bg)]/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black">
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-3 py-2 sm:px-4">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold" aria-label={`${settings.companyName} home`}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={settings.companyLogo} alt="" width={32} height={32} className="h-8 w-8" />
          <span className="hidden sm:inline">{settings.companyName}</span>
        </Link>
        <form action="/products" method="get" role="search" className="flex min-w-0 flex-1 items-center">
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <input
            id="site-search"
            name="search"
            type="search"
            placeholder="Search components, boards, tools…"
            className="h-10 min-w-0 flex-1 rounded-l-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-sm"
          />
          <button type="submit" className="flex h-10 w-11 items-center justify-center rounded-r-lg bg-brand text-white" aria-label="Search products">
            <Search className="h-5 w-5" aria-hidden />
          </button>
        </form>
        <nav aria-label="Main" className="hidden items-center gap-4 text-sm lg:flex">
          {NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className="whitespace-nowrap hover:text-brand">
              {link.label}
            </Link>
          ))}
        </nav>
        <Link href="/cart" className="flex h-10 w-10 items-center justify-center rounded-lg hover:bg-[var(--surface)]" aria-label="Cart">
          <ShoppingCart className="h-5 w-5" aria-hidden />
        </Link>
      </div>
    </header>
  );
}
