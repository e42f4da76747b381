import Link from "next/link";
import { getTranslator } from "./i18n";

export default async function NotFound() {
  const t = await getTranslator("catalog.notFound");
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{t("text")}</p>
      <Link href="/products" className="mt-6 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white">
        {t("browse")}
      </Link>
    </div>
  );
}
