import type { Metadata } from "next";
import { BomMatcher } from "@/components/sourcing/bom-matcher";
import { getTranslator, languageAlternates } from "../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("sourcing.meta");
  return { title: t("title"), description: t("description"), alternates: languageAlternates("/ai-agent") };
}

/** AI Sourcing: a bill of materials matched line by line to the catalogue (the tool is one client island). */
export default async function AiSourcingPage() {
  const t = await getTranslator("sourcing.page");
  return (
    <div className="mx-auto max-w-4xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t("title")}</h1>
      <p className="mt-1 text-sm text-[var(--muted-fg)] sm:text-base">{t("intro")}</p>
      <section aria-labelledby="how-it-works" className="mt-4">
        <h2 id="how-it-works" className="sr-only">
          {t("stepsTitle")}
        </h2>
        <ol className="grid gap-2 text-sm sm:grid-cols-3">
          {(["step1", "step2", "step3"] as const).map((step, i) => (
            <li key={step} className="flex gap-2 rounded-lg bg-[var(--surface)] p-3">
              <span aria-hidden className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-bold text-white">
                {i + 1}
              </span>
              <span>{t(step)}</span>
            </li>
          ))}
        </ol>
      </section>
      <div className="mt-5">
        <BomMatcher />
      </div>
    </div>
  );
}
