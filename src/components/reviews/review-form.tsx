"use client";

import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Star, X } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { imageFileProblem } from "@/lib/image-upload";
import { isLocale, LOCALES, type Locale } from "@/lib/locale";
import { REVIEW_BODY_MAX, REVIEW_PHOTOS_MAX, REVIEW_TITLE_MAX, type ModerationStatus, type ReviewModerationMode, type ReviewView } from "@/lib/reviews";
import { useFormAction, type FormResult } from "../hooks/use-form-action";
import { useErrorText } from "../i18n/error-text";
import { SubmitButton } from "../ui/submit-button";
import { cx } from "../ui/cx";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog";
import { Field, FormMessage, Select, TextField, TextareaField } from "../ui/form";
import { toast } from "../ui/toaster";

/** The viewer's own review as the list answers it: a review with its moderation state. */
export type OwnReview = ReviewView & { status: ModerationStatus };

export interface ReviewFormProps {
  productId: number;
  productName: string;
  /** the review being edited; none: a new one */
  existing?: OwnReview | null;
  /** a guest's review: their order's signed link token stands for the sign-in */
  orderLink?: string;
  /** "before": the form says a review waits for the shop's approval */
  moderation: ReviewModerationMode;
  onSaved: (review: OwnReview) => void | Promise<void>;
}

/**
 * "Write a review" (or "Edit your review") and its dialog: the button is the trigger, the form loads
 * in the dialog sized for a phone.
 */
export function ReviewDialog({ trigger, ...props }: ReviewFormProps & { trigger: ReactNode }) {
  const t = useTranslations("catalog.reviews");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title={props.existing ? t("form.editTitle") : t("form.title")}
        description={props.productName}
        className="top-[3vh] max-h-[94vh] w-[min(32rem,calc(100vw-1rem))] overflow-y-auto"
      >
        <ReviewForm
          {...props}
          onSaved={async (review) => {
            setOpen(false);
            await props.onSaved(review);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The review itself: the stars (a radio group: arrows move between them), a title, the text, its
 * language (the page's unless chosen), up to four photos with previews (an edit keeps the ones not
 * removed), and, where the shop approves reviews first, a note saying so.
 */
export function ReviewForm({ productId, productName, existing, orderLink, moderation, onSaved }: ReviewFormProps) {
  const t = useTranslations("catalog.reviews.form");
  const pageLocale = useLocale();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [title, setTitle] = useState(existing?.title ?? "");
  const [body, setBody] = useState(existing?.body ?? "");
  const [locale, setLocale] = useState<Locale>(existing?.locale ?? (isLocale(pageLocale) ? pageLocale : "sw"));
  const [kept, setKept] = useState<string[]>(existing?.photos ?? []);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const previews = useMemo(() => photos.map((file) => URL.createObjectURL(file)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const errorText = useErrorText();
  const room = REVIEW_PHOTOS_MAX - kept.length - photos.length;

  const send = useFormAction<FormResult>(
    async () => {
      const request = { rating, title: title.trim(), body: body.trim(), locale, ...(orderLink ? { orderLink } : {}) };
      const answer = existing
        ? await api.reviews.update(productId, { ...request, keepPhotos: kept }, photos)
        : await api.reviews.create(productId, request, photos);
      toast({ title: answer.review.status === "published" ? t("published") : t("waiting") });
      await onSaved(answer.review);
      return { ok: true, message: answer.review.status === "published" ? t("published") : t("waiting") };
    },
    {
      failure: (error) => ({
        ok: false,
        message: isApiError(error, "already-reviewed")
          ? t("already")
          : isApiError(error, "review-not-allowed")
            ? t("notAllowed")
            : errorText(error, t("failed")),
      }),
      check: () => (rating < 1 ? t("chooseStars") : photoError),
    },
  );

  const addPhotos = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    const problem = list.map((file) => ({ file, problem: imageFileProblem(file) })).find((p) => p.problem);
    if (problem) {
      setPhotoError(t("photoProblem", { name: problem.file.name, problem: problem.problem! }));
      return;
    }
    if (list.length > room) {
      setPhotoError(t("tooManyPhotos", { max: REVIEW_PHOTOS_MAX }));
      return;
    }
    setPhotoError(null);
    setPhotos((now) => [...now, ...list]);
  };

  return (
    <form onSubmit={send.submit} className="mt-3 space-y-4" noValidate data-testid="review-form">
      <fieldset>
        <legend className="text-sm font-medium">{t("stars")}</legend>
        <div className="mt-1 flex gap-1" data-testid="review-stars-input">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name="review-rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="peer sr-only"
                aria-label={t("starsOption", { count: n })}
              />
              <Star
                className={cx(
                  "h-9 w-9 rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-brand",
                  n <= rating ? "fill-amber-400 text-amber-500" : "text-slate-400",
                )}
                aria-hidden
              />
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-[var(--muted-fg)]" aria-live="polite">
          {rating > 0 ? t("starsChosen", { count: rating }) : t("starsHint")}
        </p>
      </fieldset>
      <TextField
        name="review-title"
        label={t("titleLabel")}
        optional
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={REVIEW_TITLE_MAX}
      />
      <TextareaField
        name="review-body"
        label={t("body")}
        optional
        hint={t("bodyHint")}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={5}
        maxLength={REVIEW_BODY_MAX}
      />
      <Field id="review-locale" label={t("language")}>
        {(control) => (
          <Select {...control} value={locale} onChange={(event) => isLocale(event.target.value) && setLocale(event.target.value)}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="review-photos" label={t("photos")} optionalText={t("photosOptional", { max: REVIEW_PHOTOS_MAX })} error={photoError}>
        {(control) => (
          <>
            {(kept.length > 0 || photos.length > 0) && (
              <ul className="mt-1 flex flex-wrap gap-2" data-testid="review-photo-previews">
                {kept.map((src, i) => (
                  <PhotoPreview
                    key={src}
                    src={src}
                    label={t("removePhoto", { index: i + 1 })}
                    onRemove={() => setKept((now) => now.filter((s) => s !== src))}
                  />
                ))}
                {previews.map((src, i) => (
                  <PhotoPreview
                    key={src}
                    src={src}
                    label={t("removePhoto", { index: kept.length + i + 1 })}
                    onRemove={() => setPhotos((now) => now.filter((_, j) => j !== i))}
                  />
                ))}
              </ul>
            )}
            {room > 0 && (
              <input
                {...control}
                type="file"
                accept="image/*"
                multiple
                // the same file may be chosen again after it was removed
                onChange={(event) => {
                  addPhotos(event.target.files);
                  event.target.value = "";
                }}
                className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-[var(--surface)] file:px-3 file:py-2"
              />
            )}
          </>
        )}
      </Field>
      {moderation === "before" && (
        <p className="rounded-lg bg-[var(--surface)] p-3 text-xs" data-testid="review-moderation-note">
          {t("moderationNote")}
        </p>
      )}
      <p className="text-xs text-[var(--muted-fg)]">{t("publicNote", { product: productName })}</p>
      <FormMessage message={send.message} />
      <SubmitButton block busy={send.busy} busyText={t("sending")} data-testid="review-send">
        {existing ? t("saveEdit") : t("send")}
      </SubmitButton>
    </form>
  );
}

function PhotoPreview({ src, label, onRemove }: { src: string; label: string; onRemove: () => void }) {
  return (
    <li className="relative">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={src} alt="" width={72} height={72} className="h-18 w-18 rounded-lg border border-[var(--border)] object-cover" />
      <button
        type="button"
        onClick={onRemove}
        aria-label={label}
        className="absolute -top-2 -right-2 flex h-7 w-7 items-center justify-center rounded-full border border-[var(--border)] bg-[var(--page-bg)] shadow"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}
