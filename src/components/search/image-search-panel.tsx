"use client";

import { Camera, ImageOff, ImagePlus, Search, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { UPLOAD_JPEG_QUALITY, fitWithin, imageFileProblem, imageSearchHttpError, needsDownscale } from "@/lib/image-upload";
import { api, isApiError } from "@/lib/api-client";
import { useErrorText } from "../i18n/error-text";
import { useSearchNavigation } from "./use-search-navigation";
import { Button } from "../ui/button";

interface Selected {
  file: File;
  /** object URL of `file` for the preview; revoked when the selection changes or the panel goes */
  url: string;
}

/**
 * A phone photo is often 4000 px and several megabytes; the search needs far less. Decode it upright
 * and redraw it at most 1024 px on the longest side as JPEG. A file that is already small goes as it
 * is, and so does anything the browser cannot decode (the server judges it then).
 */
async function prepareUpload(file: File): Promise<{ blob: Blob; name: string }> {
  const original = { blob: file, name: file.name || "photo" };
  if (typeof createImageBitmap !== "function") return original;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return original;
  }
  try {
    if (!needsDownscale(bitmap.width, bitmap.height, file.size)) return original;
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return original;
    // JPEG has no transparency: what was transparent becomes white, as the server would make it
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", UPLOAD_JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return original;
    const base = (file.name || "photo").replace(/\.[^./]*$/, "") || "photo";
    return { blob, name: `${base}.jpg` };
  } catch {
    return original;
  } finally {
    bitmap.close();
  }
}

/** A file's size as B, KB (whole) or MB (one decimal), its number written the page's way. */
function useFormatBytes() {
  const t = useTranslations("search.image.size");
  const format = useFormatter();
  return (bytes: number): string => {
    if (bytes < 1024) return t("bytes", { size: format.number(bytes, { useGrouping: false }) });
    if (bytes < 1024 * 1024) return t("kilobytes", { size: format.number(Math.round(bytes / 1024), { useGrouping: false }) });
    return t("megabytes", { size: format.number(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  };
}

/** The first image among what was pasted or dropped; failing that, the first file of any kind. */
function pickFile(data: DataTransfer | null): File | null {
  if (!data) return null;
  const files: File[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== "file") continue;
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  if (!files.length) files.push(...Array.from(data.files ?? []));
  return files.find((f) => f.type.startsWith("image/")) ?? files[0] ?? null;
}

/**
 * The image tab of the search dialog: drop, choose (or on a phone, take) or paste a
 * photo, see it, and search. The results go to the listing and the dialog closes.
 */
export function ImageSearchPanel({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const t = useTranslations("search.image");
  const locale = useLocale();
  const errorText = useErrorText();
  const formatBytes = useFormatBytes();
  const { showImageResults } = useSearchNavigation();
  const [selected, setSelected] = useState<Selected | null>(null);
  const [previewFailed, setPreviewFailed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [dragging, setDragging] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const zoneRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLButtonElement>(null);
  const busy = useRef(false);
  const request = useRef<AbortController | null>(null);
  const focusAfter = useRef<"zone" | "search" | null>(null);
  const hintId = useId();
  const errorId = useId();

  // the preview's object URL lives exactly as long as its selection
  useEffect(() => {
    if (!selected) return;
    return () => URL.revokeObjectURL(selected.url);
  }, [selected]);

  // a search still running when the dialog closes is dropped
  useEffect(() => () => request.current?.abort(), []);

  // A photo dropped just beside the panel (on the overlay) must not make the browser open the file
  // in place of the shop: while this tab is shown, stray file drops are swallowed.
  useEffect(() => {
    const swallow = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes("Files") || rootRef.current?.contains(event.target as Node | null)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "none";
    };
    document.addEventListener("dragover", swallow);
    document.addEventListener("drop", swallow);
    return () => {
      document.removeEventListener("dragover", swallow);
      document.removeEventListener("drop", swallow);
    };
  }, []);

  // keyboard users land somewhere sensible when the drop area and the preview swap places
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === "zone") zoneRef.current?.focus();
    else if (target === "search") searchRef.current?.focus();
  }, [selected]);

  const choose = useCallback(
    (file: File | null | undefined) => {
      if (!file || busy.current) return;
      const problem = imageFileProblem(file);
      const active = document.activeElement;
      if (active === zoneRef.current || active === document.body) focusAfter.current = problem ? "zone" : "search";
      if (problem) {
        setSelected(null);
        setError(t(`problems.${problem}`));
        return;
      }
      setError(null);
      setSelected({ file, url: URL.createObjectURL(file) });
    },
    [t],
  );

  // Ctrl+V anywhere while this tab is shown (the panel only exists then): the first pasted image
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = pickFile(event.clipboardData);
      if (!file) return; // text and the like are none of our business
      event.preventDefault();
      choose(file);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, [choose]);

  const openChooser = () => {
    if (!busy.current) inputRef.current?.click();
  };

  const clear = () => {
    if (busy.current) return;
    focusAfter.current = "zone";
    setSelected(null);
    setError(null);
  };

  const search = async () => {
    if (!selected || busy.current) return;
    busy.current = true;
    setSearching(true);
    setError(null);
    const controller = new AbortController();
    request.current = controller;
    try {
      const upload = await prepareUpload(selected.file);
      const data = await api.catalog.searchByImage(upload.blob, upload.name, { signal: controller.signal });
      if (!Array.isArray(data.products)) {
        setError(t("problems.failed"));
        return;
      }
      const keywords = Array.isArray(data.keywords) ? data.keywords.filter((k) => typeof k === "string" && k.trim() !== "") : [];
      const keywordDetails = data.keywordDetails && typeof data.keywordDetails === "object" ? data.keywordDetails : {};
      showImageResults({ products: data.products, keywords, keywordDetails, previewUrl: URL.createObjectURL(upload.blob) });
      onDone();
    } catch (error) {
      if (controller.signal.aborted) return;
      // in English the server's own message, else 'HTTP <status>'; in Kiswahili the catalogue's text for the
      // answer's error code (the server writes English); no answer at all: the general failure text
      if (!isApiError(error) || error.kind !== "http") setError(t("problems.failed"));
      else setError(locale === "en" ? imageSearchHttpError(error.status, error.body) : errorText(error));
    } finally {
      busy.current = false;
      request.current = null;
      setSearching(false);
    }
  };

  const dragProps = {
    onDragEnter: (event: React.DragEvent) => {
      if (!event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event: React.DragEvent) => {
      if (!event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = busy.current ? "none" : "copy";
      setDragging(true);
    },
    onDragLeave: (event: React.DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: React.DragEvent) => {
      event.preventDefault();
      setDragging(false);
      choose(pickFile(event.dataTransfer));
    },
  };

  const status = searching ? t("statusSearching") : selected ? t("statusReady", { name: selected.file.name || t("pastedName") }) : "";
  const secondaryButton =
    "inline-flex h-10 items-center justify-center gap-1.5 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-sm font-medium hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60";

  return (
    <div ref={rootRef} {...dragProps} className="flex flex-col gap-3" aria-busy={searching}>
      {selected ? (
        <figure
          className={`rounded-lg border-2 p-3 text-center transition-colors ${dragging ? "border-dashed border-brand bg-[var(--surface)]" : "border-[var(--border)]"}`}
        >
          {previewFailed === selected.url ? (
            <span className="flex h-40 items-center justify-center text-[var(--muted-fg)]">
              <ImageOff className="h-10 w-10" aria-hidden />
              <span className="sr-only">{t("noPreview")}</span>
            </span>
          ) : (
            // eslint-disable-next-line @next/next/no-img-element -- an object URL of the shopper's own file
            <img
              src={selected.url}
              alt={t("previewAlt")}
              onError={() => setPreviewFailed(selected.url)}
              className="mx-auto max-h-48 w-auto max-w-full rounded-md object-contain sm:max-h-56"
            />
          )}
          <figcaption className="mt-2 truncate text-xs text-[var(--muted-fg)]">
            {selected.file.name || t("pastedImage")} · {formatBytes(selected.file.size)}
          </figcaption>
        </figure>
      ) : (
        <div
          ref={zoneRef}
          role="button"
          tabIndex={0}
          aria-label={t("dropZone")}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ""}`}
          aria-disabled={searching || undefined}
          data-testid="image-drop-zone"
          onClick={openChooser}
          onKeyDown={(event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              openChooser();
            }
          }}
          className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm transition-colors focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${dragging ? "border-brand bg-[var(--surface)]" : "border-[var(--border)] hover:border-brand"}`}
        >
          <ImagePlus className={`h-9 w-9 ${dragging ? "text-brand" : "text-[var(--muted-fg)]"}`} aria-hidden />
          <p className="font-medium">{dragging ? t("dropNow") : t("dragHere")}</p>
          <p id={hintId} className="text-xs text-[var(--muted-fg)]">
            {t("hint")}
          </p>
        </div>
      )}

      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          choose(event.target.files?.[0]);
          // the same file chosen again must still count as a change
          event.target.value = "";
        }}
      />

      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={openChooser} disabled={searching} className={`${secondaryButton} flex-1`}>
          <Camera className="h-4 w-4" aria-hidden /> {t("upload")}
        </button>
        {selected && (
          <button type="button" onClick={clear} disabled={searching} className={`${secondaryButton} flex-1`}>
            <X className="h-4 w-4" aria-hidden /> {t("clear")}
          </button>
        )}
      </div>

      {error && (
        <p
          id={errorId}
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>

      <Button ref={searchRef} onClick={() => void search()} disabled={!selected} busy={searching} busyText={t("searching")} className="text-sm">
        <Search className="h-4 w-4" aria-hidden />
        {t("search")}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="self-center rounded text-sm font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {t("back")}
      </button>
    </div>
  );
}
