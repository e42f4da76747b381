"use client";

import { Camera, Search, X } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { searchIsSendable } from "@/lib/listing";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";
import { liveSearchSent, openSearchDialog, typedSearch } from "./search-state";
import { useSearchNavigation } from "./use-search-navigation";
import { SUGGESTION_MIN_LENGTH, useSuggestions } from "./use-suggestions";

const LIVE_SEARCH_DEBOUNCE_MS = 500;
const BLUR_HIDE_MS = 200;

/** The header search box: suggestions, keyboard, camera and clear buttons, live listing search. */
export function SearchBox({ id = "site-search" }: { id?: string }) {
  const t = useTranslations("search.box");
  const params = useSearchParams();
  const urlSearch = params.get("search")?.trim() ?? "";
  const { text, dirty } = typedSearch.use();
  const value = dirty ? text : urlSearch;
  const { submit, live, onListing } = useSearchNavigation();
  const [focused, setFocused] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const syncedUrlSearch = useRef(urlSearch);

  // The URL is the truth once a search has run (or a category cleared it): show what it says. A URL
  // change that is only the echo of our own live search keeps whatever was typed since. A box that
  // mounts (the dialog's, or this one at hydration) shows the shared typed text as it is.
  useEffect(() => {
    if (syncedUrlSearch.current === urlSearch) return;
    syncedUrlSearch.current = urlSearch;
    const echo = liveSearchSent.text === urlSearch;
    liveSearchSent.text = null;
    typedSearch.set((typed) => {
      if (typed.dirty && typed.text.trim() === urlSearch) return typed;
      if (echo && typed.dirty) return typed;
      return { text: urlSearch, dirty: false };
    });
  }, [urlSearch]);

  // Typing on the listing searches live, 500 ms after the last key, never for one character.
  useEffect(() => {
    if (!dirty || !onListing || !searchIsSendable(text) || text.trim() === urlSearch) return;
    const timer = setTimeout(() => live(text), LIVE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, dirty, onListing, urlSearch, live]);

  const open = focused && value.trim().length >= SUGGESTION_MIN_LENGTH;
  const { suggestions, loading } = useSuggestions(value, open);
  const empty = value.trim().length === 0;

  const setValue = (next: string) => {
    typedSearch.set({ text: next, dirty: true });
    setHighlight(-1);
    setFocused(true);
  };
  useInputBeforeHydration(inputRef, value, setValue);
  const choose = (suggestion: string) => {
    setFocused(false);
    submit(suggestion);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && open && suggestions.length) {
      event.preventDefault();
      setHighlight((h) => (h + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && open && suggestions.length) {
      event.preventDefault();
      setHighlight((h) => (h <= 0 ? suggestions.length - 1 : h - 1));
    } else if (event.key === "Enter" && open && highlight >= 0 && suggestions[highlight]) {
      event.preventDefault();
      choose(suggestions[highlight]);
    } else if (event.key === "Escape" && open) {
      // a search input clears itself on Escape; here Escape first drops the highlight, then the list
      event.preventDefault();
      if (highlight >= 0) setHighlight(-1);
      else setFocused(false);
    }
  };

  return (
    <form
      role="search"
      action="/products"
      className="relative flex min-w-0 flex-1 items-center"
      onSubmit={(event) => {
        event.preventDefault();
        if (empty) return;
        setFocused(false);
        submit(value);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t("label")}
      </label>
      <div className="flex h-10 min-w-0 flex-1 items-center rounded-l-lg border border-[var(--border)] bg-[var(--surface)] focus-within:border-brand">
        <input
          ref={inputRef}
          id={id}
          name="search"
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && highlight >= 0 ? `${listId}-${highlight}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          placeholder={t("placeholder")}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            setFocused(true);
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setFocused(false), BLUR_HIDE_MS);
          }}
          className="h-full min-w-0 flex-1 bg-transparent px-3 text-sm outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {!empty && (
          <button
            type="button"
            aria-label={t("clear")}
            onClick={() => setValue("")}
            className="flex h-8 w-8 items-center justify-center rounded text-[var(--muted-fg)] hover:text-[var(--page-fg)]"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        )}
        <button
          type="button"
          aria-label={t("byImage")}
          onClick={() => openSearchDialog("image")}
          data-opens="search"
          className="flex h-8 w-9 items-center justify-center rounded text-[var(--muted-fg)] hover:text-brand"
        >
          <Camera className="h-5 w-5" aria-hidden />
        </button>
      </div>
      {/* A disabled button shows no tooltip in some browsers, so the wrapper carries it. */}
      <span title={empty ? t("enterTerm") : t("submit")} className="flex">
        <button
          type="submit"
          disabled={empty}
          aria-label={empty ? t("enterTerm") : t("submit")}
          className="flex h-10 w-11 items-center justify-center rounded-r-lg bg-brand text-white disabled:cursor-not-allowed disabled:opacity-60"
        >
          <Search className="h-5 w-5" aria-hidden />
        </button>
      </span>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("suggestions")}
          className="absolute top-full right-0 left-0 z-40 mt-1 max-h-80 overflow-y-auto rounded-lg border border-[var(--border)] bg-[var(--page-bg)] py-1 text-sm shadow-lg"
        >
          {loading ? (
            <li role="presentation" className="px-3 py-2 text-[var(--muted-fg)]">
              {t("searching")}
            </li>
          ) : suggestions.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-[var(--muted-fg)]">
              {t("noSuggestions")}
            </li>
          ) : (
            suggestions.map((s, i) => (
              <li
                key={s}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === highlight}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(s)}
                onMouseEnter={() => setHighlight(i)}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 ${i === highlight ? "bg-[var(--surface)] text-brand" : ""}`}
              >
                <Search className="h-3.5 w-3.5 shrink-0 text-[var(--muted-fg)]" aria-hidden />
                <span className="truncate">{s}</span>
              </li>
            ))
          )}
        </ul>
      )}
    </form>
  );
}
