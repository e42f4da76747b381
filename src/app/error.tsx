"use client";

import Link from "next/link";
import { useEffect } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";

/**
 * A page that failed to render (most often the database out of reach for a moment): the shop's
 * header and footer stay, the shopper is told in their language, and can try again in place.
 */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common.pageError");
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{t("text")}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button size="lg" onClick={reset}>
          {t("retry")}
        </Button>
        <Link href="/products" className="rounded-lg border border-[var(--border)] px-5 py-2.5 font-semibold">
          {t("browse")}
        </Link>
      </div>
    </div>
  );
}
