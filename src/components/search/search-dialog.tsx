"use client";

import { Search } from "lucide-react";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Dialog, DialogContent } from "../ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";
import { focusImageResults } from "./image-search-state";
import { searchDialog, type SearchDialogTab } from "./search-state";
import { useSearchNavigation } from "./use-search-navigation";
import { loadOnce } from "../hooks/prefetch";
import { SubmitButton } from "../ui/submit-button";

/** The image-search panel (camera, upload, downscaling): its own chunk, fetched once the dialog opens. */
const loadImageSearchPanel = loadOnce(() => import("./image-search-panel"));
const ImageSearchPanel = lazy(() => loadImageSearchPanel().then((m) => ({ default: m.ImageSearchPanel })));

/** 'Search Products': a text tab and an image tab, opened from the header's camera button or the menus. */
export function SearchDialog() {
  const t = useTranslations("search.dialog");
  const { open, tab } = searchDialog.use();
  const [text, setText] = useState("");
  const { submit } = useSearchNavigation();
  const blank = text.trim().length === 0;
  const close = () => searchDialog.set((s) => ({ ...s, open: false }));
  const setTab = (next: SearchDialogTab) => searchDialog.set((s) => ({ ...s, tab: next }));
  // after a search by image, focus goes to its results rather than back to the button that opened us
  const toImageResults = useRef(false);
  // the dialog is open (or about to be): the image tab is a tap away
  useEffect(() => {
    void loadImageSearchPanel().catch(() => undefined);
  }, []);

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? searchDialog.set((s) => ({ ...s, open: true })) : close())}>
      <DialogContent
        title={t("title")}
        description={t("description")}
        hideDescription
        onCloseAutoFocus={(event) => {
          if (!toImageResults.current) return;
          toImageResults.current = false;
          event.preventDefault();
          focusImageResults();
        }}
        className="top-[10vh] max-h-[85vh] w-[min(32rem,calc(100vw-1.5rem))] overflow-y-auto"
      >
        <Tabs value={tab} onValueChange={(v) => setTab(v === "image" ? "image" : "text")} className="mt-3">
          <TabsList aria-label={t("searchBy")}>
            <TabsTrigger value="text">{t("text")}</TabsTrigger>
            <TabsTrigger value="image">{t("image")}</TabsTrigger>
          </TabsList>
          <TabsContent value="text">
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
                {t("label")}
              </label>
              <input
                id="dialog-search"
                type="search"
                autoFocus
                maxLength={200}
                enterKeyHint="search"
                placeholder={t("placeholder")}
                value={text}
                onChange={(e) => setText(e.target.value)}
                className="h-10 min-w-0 flex-1 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-sm"
              />
              <SubmitButton disabled={blank} className="text-sm">
                <Search className="h-4 w-4" aria-hidden /> {t("submit")}
              </SubmitButton>
            </form>
          </TabsContent>
          <TabsContent value="image">
            <Suspense fallback={<div className="min-h-48" aria-busy />}>
              <ImageSearchPanel
                onBack={() => setTab("text")}
                onDone={() => {
                  toImageResults.current = true;
                  close();
                }}
              />
            </Suspense>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
