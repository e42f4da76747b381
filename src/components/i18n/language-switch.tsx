"use client";

import { Languages } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { LOCALES, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALE_NAMES, localisedPath, pathWithoutLocale, type Locale } from "@/lib/locale";

/**
 * Switches the page's language in place: the choice is remembered (cookie; the account too when
 * signed in), then the server renders the same page again in the other language, keeping the
 * cart, the scroll position and the address. Without JavaScript the links are plain `?lang=`
 * addresses, which the server also remembers.
 */
export function useSwitchLocale() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [pending, startTransition] = useTransition();
  const here = `${pathname}${search.size ? `?${search.toString()}` : ""}`;
  const switchTo = (locale: Locale) => {
    // set at once, so the refresh below renders in the new language even if the call is slow
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
    void api.locale.set(locale).catch(() => undefined);
    // a `?lang=` in the address would override the new choice on the next render
    const clean = pathWithoutLocale(here);
    if (clean !== here) window.history.replaceState(window.history.state, "", clean);
    startTransition(() => router.refresh());
  };
  return { href: (locale: Locale) => localisedPath(here, locale), switchTo, pending };
}

/** The header's switch: a link to the page in the other language, named in that language. */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const t = useTranslations("common.language");
  const { href, switchTo, pending } = useSwitchLocale();
  const other = LOCALES.find((l) => l !== locale) ?? "en";
  return (
    <a
      href={href(other)}
      hrefLang={other}
      title={t("switchTo", { language: LOCALE_NAMES[other] })}
      aria-busy={pending}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        switchTo(other);
      }}
      className={`flex h-10 items-center gap-1 rounded-lg px-2 text-sm hover:bg-[var(--surface)] ${className}`}
    >
      <Languages className="h-5 w-5" aria-hidden />
      <span className="sr-only">{t("label")}: </span>
      <span lang={other}>{LOCALE_NAMES[other]}</span>
    </a>
  );
}
