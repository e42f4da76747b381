"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import {
  ADMIN_PRODUCT_DESCRIPTION_MAX,
  ADMIN_PRODUCT_NAME_MAX,
  PRODUCT_SKU_PATTERN,
  type AdminProductCreateRequest,
  type AdminProductDetails,
} from "@/lib/admin-catalog";
import { api, refusedField } from "@/lib/api-client";
import { slugify } from "@/lib/slug";
import { FieldError, FormMessage, TextField, controlClass } from "../ui/form";
import { useErrorText } from "../i18n/error-text";
import { useFormAction, type FormResult } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { initialSpecTexts, ProductSpecFields, specsToSend, type ProductFormAttribute, type SpecTexts } from "./product-spec-fields";

const WHOLE = /^\d{1,10}$/;
const EMPTY: AdminProductDetails = { name: "", description: "", category: "", brand: "", sku: "", image: "", freeDelivery: false, sameDayDelivery: false };

type Field = keyof AdminProductDetails | "price" | "stockQuantity" | `specs.${string}`;

/**
 * A product's details: a new product (with its first price and stock), or the details of one that
 * exists (prices and stock change apart, with a reason). The picture is uploaded as soon as it is
 * picked and shown as the shop will show it; every field is checked here first and again by the
 * server, whose refusal of one field (a taken SKU, say) is shown at that field.
 */
export function ProductDetailsForm({
  productId,
  initial,
  categories,
  brands,
  attributes = [],
}: {
  /** absent for a new product */
  productId?: number;
  initial?: AdminProductDetails;
  categories: { id?: number; slug: string; name: string }[];
  brands: string[];
  /** every category's attribute definitions: the form shows those of the category chosen */
  attributes?: ProductFormAttribute[];
}) {
  const t = useTranslations("admin.catalog.details");
  const router = useRouter();
  const errorText = useErrorText();
  const creating = productId === undefined;
  const [form, setForm] = useState<AdminProductDetails>(initial ?? { ...EMPTY, category: categories[0]?.slug ?? "", brand: brands[0] ?? "" });
  const [money, setMoney] = useState({ price: "", stockQuantity: "" });
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const locale = useLocale();
  const defsOf = (slug: string | undefined) => {
    const categoryId = categories.find((c) => c.slug === slug)?.id;
    return attributes.filter((a) => a.categoryId === categoryId).sort((a, b) => a.sortOrder - b.sortOrder);
  };
  const defs = defsOf(form.category);
  const [specTexts, setSpecTexts] = useState<SpecTexts>(() => initialSpecTexts(defsOf(initial?.category), initial?.specs));
  const [specErrors, setSpecErrors] = useState<Record<string, string | undefined>>({});
  const specName = (def: { nameEn: string; nameSw: string }) => (locale === "sw" ? def.nameSw : def.nameEn);
  // a product moving to another category keeps only the values the new one has attributes for: named before saving
  const dropping =
    initial && form.category !== initial.category
      ? defsOf(initial.category)
          .filter((d) => initial.specs?.[d.key] !== undefined && initial.specs[d.key] !== null && !defs.some((n) => n.key === d.key))
          .map(specName)
      : [];

  const check = (): string | null => {
    const wrong: typeof invalid = {};
    if (!form.name.trim()) wrong.name = t("needName");
    else if (!slugify(form.name)) wrong.name = t("nameLetters");
    if (!PRODUCT_SKU_PATTERN.test(form.sku.trim())) wrong.sku = t("badSku");
    if (!form.category) wrong.category = t("needCategory");
    if (!form.brand) wrong.brand = t("needBrand");
    if (!form.image) wrong.image = t("needImage");
    const unreadable = specsToSend(defs, specTexts).unreadable;
    setSpecErrors({});
    if (unreadable.length) wrong.specs = t("fixValues");
    if (creating) {
      if (!WHOLE.test(money.price.trim())) wrong.price = t("wholeNumber");
      if (!WHOLE.test(money.stockQuantity.trim())) wrong.stockQuantity = t("wholeNumber");
    }
    setInvalid(wrong);
    return Object.values(wrong)[0] ?? null;
  };

  const details = (): AdminProductDetails => ({
    ...form,
    name: form.name.trim(),
    description: form.description.trim(),
    sku: form.sku.trim(),
    specs: specsToSend(defs, specTexts).specs,
  });

  const send = useFormAction<FormResult>(
    async () => {
      if (creating) {
        const body: AdminProductCreateRequest = {
          ...details(),
          price: Number(money.price.trim()),
          stockQuantity: Number(money.stockQuantity.trim()),
        };
        const created = await api.adminCatalog.create(body);
        router.push(`/admin/products/${created.id}`);
        return { ok: true, message: t("created") };
      }
      const { changes, droppedSpecs } = await api.adminCatalog.updateDetails(productId, details());
      if (droppedSpecs.length) return { ok: true, message: t("dropped", { names: droppedSpecs.map(specName).join(", ") }) };
      return { ok: true, message: Object.keys(changes).length ? t("saved") : t("unchanged") };
    },
    {
      check,
      failure: (error) => {
        // the server names the field it refused (a taken SKU, an unknown category or brand)
        const field = (refusedField(error)?.field as Field | undefined) ?? null;
        const message = errorText(error, t("failed"));
        // a specification's value is refused as specs.<key>: shown at its box
        if (field?.startsWith("specs.")) setSpecErrors((v) => ({ ...v, [field.slice("specs.".length)]: message }));
        else if (field) setInvalid((v) => ({ ...v, [field]: message }));
        return { ok: false, message };
      },
      onSuccess: () => router.refresh(),
    },
  );

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setInvalid((v) => ({ ...v, image: undefined }));
    try {
      const { image } = await api.adminCatalog.uploadImage(file);
      setForm((f) => ({ ...f, image }));
    } catch (error) {
      setInvalid((v) => ({ ...v, image: errorText(error, t("uploadFailed")) }));
      if (fileInput.current) fileInput.current.value = "";
    } finally {
      setUploading(false);
    }
  };

  const set = (key: "name" | "sku" | "category" | "brand") => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const setAmount = (key: keyof typeof money) => (e: React.ChangeEvent<HTMLInputElement>) => setMoney((m) => ({ ...m, [key]: e.target.value }));
  const slug = slugify(form.name);

  return (
    <form onSubmit={send.submit} noValidate className="grid gap-3 text-sm sm:grid-cols-2" aria-labelledby={`${id}-title`} data-testid="product-details-form">
      <h2 id={`${id}-title`} className="text-lg font-semibold sm:col-span-2">
        {creating ? t("createTitle") : t("editTitle")}
      </h2>
      <TextField
        name="name"
        label={t("name")}
        value={form.name}
        onChange={set("name")}
        maxLength={ADMIN_PRODUCT_NAME_MAX}
        error={invalid.name}
        hint={slug ? t("address", { slug }) : undefined}
        required
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-description`} className="block font-medium">
          {t("description")}
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={5}
          maxLength={ADMIN_PRODUCT_DESCRIPTION_MAX}
          value={form.description}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
          className="mt-1 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] p-2"
        />
      </div>
      <TextField name="sku" label={t("sku")} hint={t("skuHint")} value={form.sku} onChange={set("sku")} maxLength={64} error={invalid.sku} required />
      <SelectField
        id={`${id}-category`}
        label={t("category")}
        value={form.category}
        onChange={set("category")}
        options={categories.map((c) => ({ value: c.slug, label: c.name }))}
        error={invalid.category}
      />
      <SelectField
        id={`${id}-brand`}
        label={t("brand")}
        hint={t("brandHint")}
        value={form.brand}
        onChange={set("brand")}
        options={brands.map((b) => ({ value: b, label: b }))}
        error={invalid.brand}
      />
      <fieldset className="flex flex-col justify-center gap-2">
        <legend className="font-medium">{t("delivery")}</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.freeDelivery} onChange={(e) => setForm((f) => ({ ...f, freeDelivery: e.target.checked }))} />
          {t("freeDelivery")}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.sameDayDelivery} onChange={(e) => setForm((f) => ({ ...f, sameDayDelivery: e.target.checked }))} />
          {t("sameDayDelivery")}
        </label>
      </fieldset>

      <div className="flex gap-3 sm:col-span-2">
        {form.image ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={form.image}
            alt={t("imagePreview")}
            width={96}
            height={96}
            className="h-24 w-24 shrink-0 rounded-lg border border-[var(--border)] object-contain"
          />
        ) : (
          <span className="flex h-24 w-24 shrink-0 items-center justify-center rounded-lg border border-dashed border-[var(--border)] text-xs text-[var(--muted-fg)]">
            {t("noImage")}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-image`} className="block font-medium">
            {form.image ? t("replaceImage") : t("image")}
          </label>
          <input
            ref={fileInput}
            id={`${id}-image`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => void upload(e.target.files?.[0])}
            disabled={uploading}
            aria-invalid={invalid.image ? true : undefined}
            aria-describedby={`${id}-image-hint${invalid.image ? ` ${id}-image-error` : ""}`}
            className="mt-1 block w-full text-sm"
          />
          <p id={`${id}-image-hint`} className="mt-1 text-xs text-[var(--muted-fg)]" aria-live="polite">
            {uploading ? t("uploading") : t("imageHint")}
          </p>
          <FieldError id={`${id}-image-error`} text={invalid.image} />
        </div>
      </div>

      <ProductSpecFields
        idPrefix={id}
        categoryId={categories.find((c) => c.slug === form.category)?.id ?? null}
        defs={defs}
        texts={specTexts}
        onChange={(key, text) => {
          setSpecTexts((v) => ({ ...v, [key]: text }));
          setSpecErrors((v) => ({ ...v, [key]: undefined }));
        }}
        errors={specErrors}
        dropping={dropping}
      />

      {creating && (
        <>
          <TextField name="price" label={t("price")} inputMode="numeric" value={money.price} onChange={setAmount("price")} error={invalid.price} required />
          <TextField
            name="stockQuantity"
            label={t("stock")}
            inputMode="numeric"
            value={money.stockQuantity}
            onChange={setAmount("stockQuantity")}
            error={invalid.stockQuantity}
            required
          />
        </>
      )}
      <div className="sm:col-span-2">
        <FormMessage message={send.message} />
      </div>
      <SubmitButton size="lg" busy={send.busy} busyText={t("saving")} disabled={uploading}>
        {creating ? t("create") : t("save")}
      </SubmitButton>
    </form>
  );
}

/** A labelled select with its hint and error, tied together for screen readers. */
function SelectField(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
  options: { value: string; label: string }[];
  error?: string;
}) {
  const describedBy = [props.hint ? `${props.id}-hint` : null, props.error ? `${props.id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={props.id} className="block font-medium">
        {props.label}
      </label>
      <select
        id={props.id}
        value={props.value}
        onChange={props.onChange}
        className={controlClass}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {props.hint && (
        <p id={`${props.id}-hint`} className="mt-1 text-xs text-[var(--muted-fg)]">
          {props.hint}
        </p>
      )}
      <FieldError id={`${props.id}-error`} text={props.error} />
    </div>
  );
}
