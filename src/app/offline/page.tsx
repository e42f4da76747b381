import type { Metadata } from "next";
import { WifiOff } from "lucide-react";
import { getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { buttonClass } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { ...(await infoPageMetadata("offline", "/offline")), robots: { index: false } };
}

/**
 * What the service worker (public/sw.js) shows when a page cannot load for want of a connection.
 * It is kept without its scripts, so it works as plain HTML: "try again" is a link to the address
 * the shopper wanted (an empty href is the current address), not a script.
 */
export default async function OfflinePage() {
  const t = await getTranslator("pages.offline");
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <WifiOff className="mx-auto h-12 w-12 text-[var(--muted-fg)]" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{t("text")}</p>
      <p className="mt-2 text-[var(--muted-fg)]">{t("cart")}</p>
      <a href="" className={buttonClass({ size: "lg", className: "mt-6" })}>
        {t("retry")}
      </a>
    </div>
  );
}
