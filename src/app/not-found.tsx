import { Suspense } from "react";
import Link from "next/link";
import { SearchBox } from "@/components/search/search-box";
import { getTranslator } from "./i18n";

const LINKS = [
  { href: "/", label: "home" },
  { href: "/help", label: "help" },
  { href: "/support", label: "support" },
] as const;

/** A page that does not exist: the shop's search box to find what was meant, and the ways on. */
export default async function NotFound() {
  const [t, p] = await Promise.all([getTranslator("catalog.notFound"), getTranslator("pages.notFound")]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{t("text")}</p>
      <section aria-labelledby="not-found-search" className="mt-6 text-left">
        <h2 id="not-found-search" className="mb-2 text-sm font-semibold">
          {p("search")}
        </h2>
        <Suspense>
          <SearchBox id="not-found-search-box" />
        </Suspense>
      </section>
      <Link href="/products" className="mt-6 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white">
        {t("browse")}
      </Link>
      <nav aria-label={p("or")} className="mt-6 text-sm">
        <span className="text-[var(--muted-fg)]">{p("or")}</span>{" "}
        {LINKS.map((link, i) => (
          <span key={link.href}>
            {i > 0 && " · "}
            <Link href={link.href} className="text-brand hover:underline">
              {p(link.label)}
            </Link>
          </span>
        ))}
      </nav>
    </div>
  );
}
