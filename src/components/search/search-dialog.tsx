"use client";

import { Dialog, Tabs } from "radix-ui";
import { Search, X } from "lucide-react";
import { useRef, useState } from "react";
import { focusImageResults } from "./image-search-state";
import { ImageSearchPanel } from "./image-search-panel";
import { searchDialog, type SearchDialogTab } from "./search-state";
import { useSearchNavigation } from "./use-search-navigation";

/** 'Search Products' (§2.4): a text tab and an image tab, opened from the camera button or menus. */
export function SearchDialog() {
  const { open, tab } = searchDialog.use();
  const [text, setText] = useState("");
  const { submit } = useSearchNavigation();
  const blank = text.trim().length === 0;
  const close = () => searchDialog.set((s) => ({ ...s, open: false }));
  const setTab = (next: SearchDialogTab) => searchDialog.set((s) => ({ ...s, tab: next }));
  // after a search by image, focus goes to its results rather than back to the button that opened us
  const toImageResults = useRef(false);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? searchDialog.set((s) => ({ ...s, open: true })) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!toImageResults.current) return;
            toImageResults.current = false;
            event.preventDefault();
            focusImageResults();
          }}
          className="fixed left-1/2 top-[10vh] z-50 max-h-[85vh] w-[min(32rem,calc(100vw-1.5rem))] -translate-x-1/2 overflow-y-auto rounded-xl bg-[var(--page-bg)] p-5 text-[var(--page-fg)] shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Search Products</Dialog.Title>
          <Dialog.Description className="sr-only">Search the catalogue by text or by a photo of the part.</Dialog.Description>
          <Tabs.Root value={tab} onValueChange={(v) => setTab(v === "image" ? "image" : "text")} className="mt-3">
            <Tabs.List aria-label="Search by" className="flex gap-1 rounded-lg bg-[var(--surface)] p-1 text-sm">
              <Tabs.Trigger value="text" className="flex-1 rounded-md px-3 py-1.5 data-[state=active]:bg-[var(--page-bg)] data-[state=active]:font-semibold data-[state=active]:shadow">
                Text
              </Tabs.Trigger>
              <Tabs.Trigger value="image" className="flex-1 rounded-md px-3 py-1.5 data-[state=active]:bg-[var(--page-bg)] data-[state=active]:font-semibold data-[state=active]:shadow">
                Image
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="text" className="mt-4">
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (blank) return;
                  submit(text);
                  setText("");
                  close();
                }}
                className="flex gap-2"
              >
                <label htmlFor="dialog-search" className="sr-only">
                  Search for products
                </label>
                <input
                  id="dialog-search"
                  type="search"
                  autoFocus
                  maxLength={200}
                  enterKeyHint="search"
                  placeholder="Search for products..."
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  className="h-10 min-w-0 flex-1 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-sm"
                />
                <button type="submit" disabled={blank} className="flex h-10 items-center gap-1 rounded-lg bg-brand px-4 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60">
                  <Search className="h-4 w-4" aria-hidden /> Search
                </button>
              </form>
            </Tabs.Content>
            <Tabs.Content value="image" className="mt-4">
              <ImageSearchPanel
                onBack={() => setTab("text")}
                onDone={() => {
                  toImageResults.current = true;
                  close();
                }}
              />
            </Tabs.Content>
          </Tabs.Root>
          <Dialog.Close aria-label="Close" className="absolute right-3 top-3 rounded p-1 hover:bg-[var(--surface)]">
            <X className="h-4 w-4" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
