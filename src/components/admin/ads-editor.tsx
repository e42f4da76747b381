"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { AD_PLACEMENTS, AD_TITLE_MAX, type AdminAdvertisement, type AdminAdvertisementInput } from "@/lib/advertisement";
import { api } from "@/lib/api-client";
import { DATE_FORMATS } from "@/lib/date-format";
import { useErrorText } from "../i18n/error-text";
import { FormMessage, TextField } from "../ui/form";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";

/** A moment as a datetime-local input shows it (the admin's device time), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const EMPTY: AdminAdvertisementInput = {
  title: "",
  mediaType: "image",
  mediaUrl: "",
  posterUrl: null,
  linkUrl: "/products",
  placement: "products",
  active: true,
  sortOrder: 0,
  startsAt: null,
  endsAt: null,
};

/**
 * The admin's ads: every ad with its state, and one form to create a new ad or change the chosen
 * one. A picture or video is uploaded as soon as it is picked (the server re-encodes pictures and
 * checks videos) and previewed; the carousel shows a saved change at once.
 */
export function AdsEditor({ ads }: { ads: AdminAdvertisement[] }) {
  const t = useTranslations("admin.ads");
  const format = useFormatter();
  const router = useRouter();
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState({ ...EMPTY, startsAt: "", endsAt: "", sortOrder: "0", linkUrl: "/products" });
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const errorText = useErrorText();

  const edit = (ad: AdminAdvertisement | null, keepMessage = false) => {
    setEditing(ad?.id ?? null);
    setForm(
      ad
        ? { ...ad, linkUrl: ad.linkUrl ?? "", sortOrder: String(ad.sortOrder), startsAt: toLocalInput(ad.startsAt), endsAt: toLocalInput(ad.endsAt) }
        : { ...EMPTY, startsAt: "", endsAt: "", sortOrder: "0", linkUrl: "/products" },
    );
    if (!keepMessage) send.show(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const send = useFormAction(
    async () => {
      const body: AdminAdvertisementInput = {
        title: form.title.trim(),
        mediaType: form.mediaType,
        mediaUrl: form.mediaUrl,
        posterUrl: form.posterUrl,
        linkUrl: form.linkUrl.trim() || null,
        placement: form.placement,
        active: form.active,
        sortOrder: Number(form.sortOrder),
        startsAt: fromLocalInput(form.startsAt),
        endsAt: fromLocalInput(form.endsAt),
      };
      if (editing === null) await api.adminAds.create(body);
      else await api.adminAds.update(editing, body);
      return { ok: true, message: editing === null ? t("created") : t("saved") };
    },
    {
      failure: t("failed"),
      check: () => (!form.title.trim() ? t("needTitle") : !form.mediaUrl ? t("needMedia") : !/^\d{1,5}$/.test(form.sortOrder.trim()) ? t("badOrder") : null),
      onSuccess: () => {
        if (editing === null) edit(null, true);
        router.refresh();
      },
    },
  );

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    send.show(null);
    try {
      const stored = await api.adminAds.upload(file);
      setForm((f) => ({ ...f, mediaType: stored.mediaType, mediaUrl: stored.mediaUrl, posterUrl: stored.mediaType === "video" ? f.posterUrl : null }));
    } catch (error) {
      send.show({ ok: false, message: errorText(error, t("uploadFailed")) });
    } finally {
      setUploading(false);
    }
  };

  const remove = async (ad: AdminAdvertisement) => {
    await api.adminAds.remove(ad.id);
    if (editing === ad.id) edit(null);
    router.refresh();
  };

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), DATE_FORMATS.dateTime) : null);
  const field = "mt-1 h-10 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2";

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <section aria-labelledby="ads-list">
        <h2 id="ads-list" className="mb-2 text-lg font-semibold">
          {t("listTitle")}
        </h2>
        {ads.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("none")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm" data-testid="admin-ads">
            {ads.map((ad) => (
              <li key={ad.id} className="flex flex-wrap items-center gap-3 py-2" data-title={ad.title}>
                {ad.mediaType === "image" ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={ad.mediaUrl} alt="" width={120} height={40} className="h-10 w-30 rounded object-cover" />
                ) : (
                  <span className="flex h-10 w-30 items-center justify-center rounded bg-[var(--surface)] text-xs">{t("video")}</span>
                )}
                <span className="min-w-0 flex-1 basis-48">
                  <span className="block font-semibold break-words">{ad.title}</span>
                  <span className="block text-xs text-[var(--muted-fg)]">
                    {[
                      ad.active ? t("on") : t("off"),
                      t("orderShown", { order: ad.sortOrder }),
                      ad.startsAt ? t("from", { at: when(ad.startsAt)! }) : null,
                      ad.endsAt ? t("until", { at: when(ad.endsAt)! }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => edit(ad)}
                  className="h-9 rounded-lg border border-[var(--border)] px-3 font-semibold"
                  aria-label={t("editLabel", { title: ad.title })}
                >
                  {t("edit")}
                </button>
                <AlertDialog>
                  <AlertDialogTrigger
                    className="h-9 rounded-lg border border-red-700 px-3 font-semibold text-red-700 dark:text-red-400"
                    aria-label={t("deleteLabel", { title: ad.title })}
                  >
                    {t("delete")}
                  </AlertDialogTrigger>
                  <AlertDialogContent title={t("deleteTitle")} description={t("deleteText", { title: ad.title })}>
                    <div className="mt-4 flex justify-end gap-2">
                      <AlertDialogCancel className="h-10 rounded-lg border border-[var(--border)] px-4">{t("cancel")}</AlertDialogCancel>
                      <AlertDialogAction className="h-10 rounded-lg bg-red-700 px-4 font-semibold text-white" onClick={() => void remove(ad)}>
                        {t("delete")}
                      </AlertDialogAction>
                    </div>
                  </AlertDialogContent>
                </AlertDialog>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form onSubmit={send.submit} noValidate className="space-y-3 text-sm" aria-labelledby="ad-form-title">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="ad-form-title" className="text-lg font-semibold">
            {editing === null ? t("newTitle") : t("editTitle")}
          </h2>
          {editing !== null && (
            <button type="button" onClick={() => edit(null)} className="text-brand hover:underline">
              {t("startNew")}
            </button>
          )}
        </div>
        <TextField name="ad-title" label={t("title")} maxLength={AD_TITLE_MAX} value={form.title} onChange={set("title")} required />
        <div>
          <label htmlFor="ad-file" className="block font-medium">
            {t("media")}
          </label>
          <input
            id="ad-file"
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,video/mp4,video/webm"
            onChange={(e) => void upload(e.target.files?.[0])}
            className="mt-1 block w-full text-sm"
            aria-describedby="ad-file-hint"
          />
          <p id="ad-file-hint" className="mt-1 text-xs text-[var(--muted-fg)]">
            {uploading ? t("uploading") : t("mediaHint")}
          </p>
          {form.mediaUrl &&
            (form.mediaType === "image" ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={form.mediaUrl} alt={t("mediaPreview")} className="mt-2 aspect-[3/1] w-full rounded-lg object-cover" data-testid="ad-media-preview" />
            ) : (
              <video src={form.mediaUrl} muted controls playsInline className="mt-2 w-full rounded-lg" data-testid="ad-media-preview" />
            ))}
        </div>
        <TextField name="ad-link" label={t("link")} hint={t("linkHint")} value={form.linkUrl} onChange={set("linkUrl")} />
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="ad-placement" className="block font-medium">
              {t("placement")}
            </label>
            <select id="ad-placement" value={form.placement} onChange={set("placement")} className={field}>
              {AD_PLACEMENTS.map((p) => (
                <option key={p} value={p}>
                  {t(`placements.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField name="ad-order" label={t("order")} inputMode="numeric" value={form.sortOrder} onChange={set("sortOrder")} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="ad-starts" className="block font-medium">
              {t("starts")}
            </label>
            <input id="ad-starts" type="datetime-local" value={form.startsAt} onChange={set("startsAt")} className={field} />
          </div>
          <div>
            <label htmlFor="ad-ends" className="block font-medium">
              {t("ends")}
            </label>
            <input id="ad-ends" type="datetime-local" value={form.endsAt} onChange={set("endsAt")} className={field} />
          </div>
        </div>
        <p className="text-xs text-[var(--muted-fg)]">{t("windowHint")}</p>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="size-4" checked={form.active} onChange={(e) => setForm((f) => ({ ...f, active: e.target.checked }))} />
          {t("active")}
        </label>
        <FormMessage message={send.message} />
        <SubmitButton size="lg" block busy={send.busy} busyText={t("saving")} disabled={uploading}>
          {editing === null ? t("create") : t("save")}
        </SubmitButton>
      </form>
    </div>
  );
}
