"use client";

import Link from "next/link";
import { Search, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { faqMatches } from "@/lib/faq-search";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";

export interface FaqItem {
  id: string;
  question: string;
  answer: React.ReactNode;
  /** question, answer and topic as plain text, for the search */
  text: string;
}

export interface FaqTopic {
  id: string;
  title: string;
  items: FaqItem[];
}

/**
 * The help centre's questions with a search box that filters them as one types. Without
 * JavaScript every question is shown (the server renders them all) and the box does nothing.
 */
export function FaqSearch({ topics }: { topics: FaqTopic[] }) {
  const t = useTranslations("pages.helpSearch");
  const [query, setQuery] = useState("");
  const queryRef = useRef<HTMLInputElement>(null);
  useInputBeforeHydration(queryRef, query, setQuery);
  const inputId = useId();
  const searching = query.trim() !== "";
  const shown = topics
    .map((topic) => ({ ...topic, items: topic.items.filter((item) => faqMatches(item.text, query)) }))
    .filter((topic) => topic.items.length > 0);
  const count = shown.reduce((sum, topic) => sum + topic.items.length, 0);
  return (
    <div>
      <div role="search" className="sticky top-2 z-10 mb-2">
        <label htmlFor={inputId} className="mb-1 block font-semibold">
          {t("label")}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-[var(--muted-fg)]" aria-hidden />
          <input
            ref={queryRef}
            id={inputId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("placeholder")}
            autoComplete="off"
            className="w-full rounded-lg border border-[var(--border)] bg-[var(--page-bg)] py-2.5 pr-10 pl-10 text-base"
          />
          {searching && (
            <button
              type="button"
              onClick={() => setQuery("")}
              aria-label={t("clear")}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-[var(--muted-fg)] hover:text-[var(--page-fg)]"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          )}
        </div>
      </div>
      <p aria-live="polite" className="mb-4 text-sm text-[var(--muted-fg)]">
        {searching &&
          (count > 0 ? t("count", { count }) : t.rich("noMatch", { query: query.trim(), support: (chunks) => <Link href="/support">{chunks}</Link> }))}
      </p>
      {shown.map((topic) => (
        <section key={topic.id} aria-labelledby={`topic-${topic.id}`}>
          <h2 id={`topic-${topic.id}`}>{topic.title}</h2>
          <div className="divide-y divide-[var(--border)] rounded-lg border border-[var(--border)]">
            {topic.items.map((item) => (
              // a search opens what it found; otherwise the questions are a list to scan
              <details key={item.id} id={item.id} open={searching || undefined} className="group px-3 py-2" data-testid="faq-item">
                <summary className="cursor-pointer py-1 font-medium marker:text-brand">{item.question}</summary>
                <p className="!mt-1 !mb-2 text-[var(--muted-fg)]">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
