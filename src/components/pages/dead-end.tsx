import { Suspense } from "react";
import Link from "next/link";
import { SearchBox } from "@/components/search/search-box";
import { ButtonLink } from "../ui/button";

export interface DeadEndTexts {
  title: string;
  text: string;
  /** the heading over the search box */
  search: string;
  /** the products link's label */
  browse: string;
  /** "Or go to:" and the other ways on, in the page's language */
  or: string;
  links: { href: string; label: string }[];
}

/**
 * A page the shop cannot show as asked (an address that does not exist, or one it cannot read):
 * what happened, the search box to find what was meant, and the ways on.
 */
export function DeadEnd({ texts }: { texts: DeadEndTexts }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{texts.title}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{texts.text}</p>
      <section aria-labelledby="dead-end-search" className="mt-6 text-left">
        <h2 id="dead-end-search" className="mb-2 text-sm font-semibold">
          {texts.search}
        </h2>
        <Suspense>
          <SearchBox id="dead-end-search-box" />
        </Suspense>
      </section>
      <ButtonLink href="/products" size="lg" className="mt-6">
        {texts.browse}
      </ButtonLink>
      <nav aria-label={texts.or} className="mt-6 text-sm">
        <span className="text-[var(--muted-fg)]">{texts.or}</span>{" "}
        {texts.links.map((link, i) => (
          <span key={link.href}>
            {i > 0 && " · "}
            <Link href={link.href} className="text-brand hover:underline">
              {link.label}
            </Link>
          </span>
        ))}
      </nav>
    </div>
  );
}
