"use client";

import { useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { api, refusedField } from "@/lib/api-client";
import type { SendRequestBody } from "@/lib/api-contract";
import { formatMoney } from "@/lib/money";
import { DEFAULT_PCB_SPEC, PCB_LIMITS, pcbPrice, type PcbPricing, type PcbSpec } from "@/lib/pcb-pricing";
import { checkRequest, problemField } from "@/lib/requests";
import { REGIONS } from "@/lib/tanzania-regions";
import { FieldError, inputClass } from "../checkout/form-fields";
import { FormMessage, SubmitButton } from "../auth/fields";
import { useCart } from "../cart/cart-store";
import { useErrorText } from "../i18n/error-text";
import { cx } from "../ui/cx";
import { useFormAction } from "../hooks/use-form-action";
import { REQUEST_FORMS, type DetailField, type FormConfig, type RequestFormName } from "./request-forms";

const GERBER_MAX_BYTES = 10 * 1024 * 1024;

interface Line {
  productId?: number;
  text: string;
  quantity: string;
}

type Errors = Record<string, string>;

/** The start values of a form's details: the first option of each choice, the PCB's usual board. */
function initialDetails(name: RequestFormName): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of REQUEST_FORMS[name].details as readonly DetailField[]) {
    if (field.type === "select") out[field.name] = String(field.options[0]);
  }
  if (name === "pcb") for (const [key, value] of Object.entries(DEFAULT_PCB_SPEC)) out[key] = String(value);
  return out;
}

const EMPTY_LINE: Line = { text: "", quantity: "1" };

/**
 * The one form every request of the shop is sent with (contact, each service, supplier, quote,
 * sourcing): the shared fields, then the kind's own (REQUEST_FORMS). The browser checks with the
 * server's own rules first (src/lib/requests.ts); either way a problem shows under its field and the
 * first wrong field gets the focus. The PCB form adds the Gerber ZIP and the live indicative price;
 * the quote form can copy the cart into its lines.
 */
export function RequestForm({
  form: name,
  pcbPricing,
  defaults = {},
}: {
  form: RequestFormName;
  /** the settings' PCB pricing: the PCB form shows its price as the shopper types */
  pcbPricing?: PcbPricing;
  /** the signed-in shopper's name and e-mail, to start with */
  defaults?: { name?: string; email?: string };
}) {
  const config: FormConfig = REQUEST_FORMS[name];
  const details = config.details as readonly DetailField[];
  const t = useTranslations("requests");
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [common, setCommon] = useState({ name: defaults.name ?? "", email: defaults.email ?? "", phone: "", company: "", message: "" });
  const [values, setValues] = useState<Record<string, string>>(() => initialDetails(name));
  const [checks, setChecks] = useState<Record<string, string[]>>({});
  const [lines, setLines] = useState<Line[]>([{ ...EMPTY_LINE }]);
  const [gerber, setGerber] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [cartNote, setCartNote] = useState<string | null>(null);
  const { cart } = useCart();

  const id = (field: string) => `rq-${name}-${field.replace(/\./g, "-")}`;
  const errorFor = (field: string) =>
    errors[field] ? (t.has(`errors.${errors[field]}` as never) ? t(`errors.${errors[field]}` as never) : t("errors.invalid")) : null;
  const clear = (field: string) => errors[field] && setErrors((e) => ({ ...e, [field]: "" }));

  const body = (): SendRequestBody => {
    const out: Record<string, unknown> = config.kind === "service" ? { service: config.service } : {};
    for (const field of details) {
      const raw = values[field.name] ?? "";
      switch (field.type) {
        case "number":
          if (raw.trim() !== "") out[field.name] = Number(raw);
          else if (field.required) out[field.name] = Number.NaN;
          break;
        case "select":
          out[field.name] = field.integer ? Number(raw) : raw;
          break;
        case "checkboxes":
          out[field.name] = checks[field.name] ?? [];
          break;
        case "lines":
          out[field.name] = lines
            .filter((l) => l.text.trim() || lines.length === 1)
            .map((l) =>
              field.line === "quote"
                ? { ...(l.productId ? { productId: l.productId } : {}), description: l.text, quantity: Number(l.quantity) }
                : { text: l.text, quantity: Number(l.quantity) },
            );
          break;
        default:
          out[field.name] = raw;
      }
    }
    return {
      kind: config.kind,
      name: common.name,
      email: common.email,
      ...(common.phone.trim() ? { phone: common.phone } : {}),
      ...(config.company !== "hidden" && common.company.trim() ? { company: common.company } : {}),
      ...(common.message.trim() ? { message: common.message } : {}),
      details: out,
    } as SendRequestBody;
  };

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${id(first)}, [data-field="${first}"] input`)?.focus());
  };

  const localProblems = (): Errors | null => {
    const checked = checkRequest(body());
    const out: Errors = {};
    if (!checked.ok) out[problemField(checked.problem.field)] = checked.problem.reason;
    if (name === "pcb") {
      if (!gerber) out.gerber = "gerberMissing";
      else if (gerber.size > GERBER_MAX_BYTES) out.gerber = "gerberTooLarge";
    }
    return Object.keys(out).length ? out : null;
  };

  const send = useFormAction<{ ok: boolean; message: string }>(
    async () => {
      const request = body();
      const { reference } = name === "pcb" && gerber ? await api.requests.sendPcb(request, gerber, gerber.name) : await api.requests.send(request);
      return { ok: true, message: t("form.sent", { reference }) };
    },
    {
      check: () => {
        const problems = localProblems();
        if (!problems) return null;
        showErrors(problems);
        return t("form.fixFields");
      },
      onSuccess: () => {
        setErrors({});
        setCommon((c) => ({ ...c, phone: "", company: "", message: "" }));
        setValues(initialDetails(name));
        setChecks({});
        setLines([{ ...EMPTY_LINE }]);
        setGerber(null);
        setFileKey((k) => k + 1);
        setCartNote(null);
      },
      failure: (error) => {
        const refused = refusedField(error);
        const field = refused ? problemField(refused.field) : null;
        const reason = refused?.reason ?? "invalid";
        if (field) {
          showErrors({ [field]: reason === "too-large" && field === "gerber" ? "gerberTooLarge" : reason });
          return { ok: false, message: t("form.fixFields") };
        }
        return { ok: false, message: errorText(error, t("form.failed")) };
      },
    },
  );

  const price = useMemo(() => {
    if (name !== "pcb" || !pcbPricing) return null;
    const spec: PcbSpec = {
      widthMm: Number(values.widthMm),
      heightMm: Number(values.heightMm),
      layers: Number(values.layers) as PcbSpec["layers"],
      quantity: Number(values.quantity),
      thickness: values.thickness as PcbSpec["thickness"],
      finish: values.finish as PcbSpec["finish"],
      colour: values.colour as PcbSpec["colour"],
    };
    return pcbPrice(pcbPricing, spec);
  }, [name, pcbPricing, values]);

  const fillFromCart = () => {
    const fromCart: Line[] = cart.items.flatMap((item) =>
      item.variants.map((variant) => {
        const attributes = Object.values(variant.attributes).filter(Boolean).join(", ");
        return { productId: item.productId, text: attributes ? `${item.product.name} (${attributes})` : item.product.name, quantity: String(variant.quantity) };
      }),
    );
    if (!fromCart.length) return setCartNote(t("form.fromCartEmpty"));
    setLines(fromCart.slice(0, 200));
    setCartNote(t("form.fromCartDone", { count: Math.min(200, fromCart.length) }));
    clear("details.lines");
  };

  const label = (text: string, required: boolean, htmlFor: string) => (
    <label htmlFor={htmlFor} className="block text-sm font-medium">
      {text}
      {!required && <span className="font-normal text-[var(--muted-fg)]"> {t("form.optional")}</span>}
    </label>
  );

  const textInput = (
    field: string,
    text: string,
    value: string,
    onChange: (v: string) => void,
    opts: {
      required: boolean;
      type?: string;
      autoComplete?: string;
      hint?: ReactNode;
      maxLength?: number;
      inputMode?: "numeric" | "decimal" | "tel" | "email";
      min?: number;
      max?: number;
      step?: number;
    },
  ) => {
    const error = errorFor(field);
    const hintId = opts.hint ? `${id(field)}-hint` : undefined;
    return (
      <div key={field}>
        {label(text, opts.required, id(field))}
        <input
          id={id(field)}
          name={field}
          type={opts.type ?? "text"}
          value={value}
          autoComplete={opts.autoComplete}
          inputMode={opts.inputMode}
          maxLength={opts.maxLength}
          min={opts.min}
          max={opts.max}
          step={opts.step}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? `${id(field)}-error` : null].filter(Boolean).join(" ") || undefined}
          onChange={(e) => {
            onChange(e.target.value);
            clear(field);
          }}
          className={inputClass}
        />
        {opts.hint && (
          <p id={hintId} className="mt-1 text-xs text-[var(--muted-fg)]">
            {opts.hint}
          </p>
        )}
        <FieldError id={`${id(field)}-error`} text={error} />
      </div>
    );
  };

  const setDetail = (field: string) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const optionText = (field: Extract<DetailField, { type: "select" | "checkboxes" }>, option: string | number) => {
    if (field.optionKey === "layerOption") return t("form.layerOption", { n: Number(option) });
    if (field.optionKey === "thicknessOption") return t("form.thicknessOption", { mm: String(option) });
    return t(`form.${field.optionKey}.${option}` as never);
  };

  const detailField = (field: DetailField) => {
    const key = `details.${field.name}`;
    const text = t(`form.${field.name}` as never);
    const error = errorFor(key);
    switch (field.type) {
      case "text":
        return textInput(key, text, values[field.name] ?? "", setDetail(field.name), {
          required: Boolean(field.required),
          maxLength: field.maxLength,
          autoComplete: field.autoComplete,
          hint: field.hint ? t(`form.${field.name}Hint` as never) : undefined,
        });
      case "number":
        return textInput(key, text, values[field.name] ?? "", setDetail(field.name), {
          required: Boolean(field.required),
          type: "number",
          inputMode: field.integer ? "numeric" : "decimal",
          min: field.min,
          max: field.max,
          step: field.step ?? 1,
        });
      case "textarea":
        return (
          <div key={key} className="sm:col-span-2">
            {label(text, Boolean(field.required), id(key))}
            <textarea
              id={id(key)}
              name={key}
              rows={4}
              maxLength={field.maxLength}
              value={values[field.name] ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id(key)}-error` : undefined}
              onChange={(e) => {
                setDetail(field.name)(e.target.value);
                clear(key);
              }}
              className={cx(inputClass, "h-auto py-2")}
            />
            <FieldError id={`${id(key)}-error`} text={error} />
          </div>
        );
      case "select":
        return (
          <div key={key}>
            {label(text, true, id(key))}
            <select
              id={id(key)}
              name={key}
              value={values[field.name] ?? ""}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setDetail(field.name)(e.target.value);
                clear(key);
              }}
              className={inputClass}
            >
              {field.options.map((option) => (
                <option key={option} value={String(option)}>
                  {optionText(field, option)}
                </option>
              ))}
            </select>
            <FieldError id={`${id(key)}-error`} text={error} />
          </div>
        );
      case "region":
        return (
          <div key={key}>
            {label(text, true, id(key))}
            <select
              id={id(key)}
              name={key}
              value={values[field.name] ?? ""}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setDetail(field.name)(e.target.value);
                clear(key);
              }}
              className={inputClass}
            >
              <option value="">{t("form.chooseRegion")}</option>
              {REGIONS.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
            <FieldError id={`${id(key)}-error`} text={error} />
          </div>
        );
      case "checkboxes":
        return (
          <fieldset key={key} data-field={key} className="sm:col-span-2" aria-describedby={error ? `${id(key)}-error` : undefined}>
            <legend className="text-sm font-medium">{text}</legend>
            <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-3">
              {field.options.map((option) => {
                const checked = (checks[field.name] ?? []).includes(option);
                return (
                  <label key={option} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => {
                        setChecks((c) => {
                          const now = c[field.name] ?? [];
                          return { ...c, [field.name]: checked ? now.filter((o) => o !== option) : [...now, option] };
                        });
                        clear(key);
                      }}
                      className="h-4 w-4 accent-[var(--brand)]"
                    />
                    {optionText(field, option)}
                  </label>
                );
              })}
            </div>
            <FieldError id={`${id(key)}-error`} text={error} />
          </fieldset>
        );
      case "lines":
        return (
          <fieldset key={key} data-field={key} className="sm:col-span-2" aria-describedby={error ? `${id(key)}-error` : undefined}>
            <legend className="text-sm font-medium">{text}</legend>
            {field.line === "quote" && (
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  onClick={fillFromCart}
                  className="h-10 rounded-lg border border-[var(--border)] px-3 text-sm font-medium hover:bg-[var(--surface)]"
                >
                  {t("form.fromCart")}
                </button>
                {cartNote && (
                  <span role="status" className="text-sm text-[var(--muted-fg)]">
                    {cartNote}
                  </span>
                )}
              </div>
            )}
            <ol className="mt-2 space-y-2">
              {lines.map((line, index) => (
                <li key={index} className="flex items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <label htmlFor={`${id(key)}-${index}-text`} className="sr-only">
                      {t("form.lineDescription", { n: index + 1 })}
                    </label>
                    <input
                      id={index === 0 ? id(key) : `${id(key)}-${index}-text`}
                      value={line.text}
                      maxLength={300}
                      placeholder={t("form.lineDescription", { n: index + 1 })}
                      onChange={(e) => {
                        const text = e.target.value;
                        setLines((all) => all.map((l, i) => (i === index ? { ...l, text, productId: text === l.text ? l.productId : undefined } : l)));
                        clear(key);
                      }}
                      className={inputClass}
                    />
                  </div>
                  <div className="w-24 shrink-0">
                    <label htmlFor={`${id(key)}-${index}-quantity`} className="sr-only">
                      {t("form.lineQuantity", { n: index + 1 })}
                    </label>
                    <input
                      id={`${id(key)}-${index}-quantity`}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      value={line.quantity}
                      onChange={(e) => {
                        const quantity = e.target.value;
                        setLines((all) => all.map((l, i) => (i === index ? { ...l, quantity } : l)));
                        clear(key);
                      }}
                      className={inputClass}
                    />
                  </div>
                  {lines.length > 1 && (
                    <button
                      type="button"
                      onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
                      aria-label={t("form.removeLine", { n: index + 1 })}
                      className="mb-0.5 h-11 w-11 shrink-0 rounded-lg border border-[var(--border)] text-lg sm:h-10 sm:w-10"
                    >
                      <span aria-hidden="true">{"\u00d7"}</span>
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {lines.length < 200 && (
              <button
                type="button"
                onClick={() => setLines((all) => [...all, { ...EMPTY_LINE }])}
                className="mt-2 text-sm font-medium text-brand hover:underline"
              >
                {t("form.addLine")}
              </button>
            )}
            <FieldError id={`${id(key)}-error`} text={error} />
          </fieldset>
        );
    }
  };

  const gerberError = errorFor("gerber");
  return (
    <form ref={formRef} onSubmit={send.submit} noValidate className="space-y-4" aria-label={t(`kinds.${config.kind}`)}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {textInput("name", t("form.name"), common.name, (v) => setCommon((c) => ({ ...c, name: v })), { required: true, autoComplete: "name", maxLength: 120 })}
        {textInput("email", t("form.email"), common.email, (v) => setCommon((c) => ({ ...c, email: v })), {
          required: true,
          type: "email",
          inputMode: "email",
          autoComplete: "email",
          maxLength: 254,
        })}
        {textInput("phone", t("form.phone"), common.phone, (v) => setCommon((c) => ({ ...c, phone: v })), {
          required: false,
          type: "tel",
          inputMode: "tel",
          autoComplete: "tel",
          maxLength: 32,
          hint: t("form.phoneHint"),
        })}
        {config.company !== "hidden" &&
          textInput("company", t("form.company"), common.company, (v) => setCommon((c) => ({ ...c, company: v })), {
            required: config.company === "required",
            autoComplete: "organization",
            maxLength: 160,
          })}
        {details.map(detailField)}
      </div>

      {name === "pcb" && (
        <>
          <div>
            {label(t("form.gerber"), true, id("gerber"))}
            <input
              key={fileKey}
              id={id("gerber")}
              name="gerber"
              type="file"
              accept=".zip,application/zip,application/x-zip-compressed"
              aria-invalid={gerberError ? true : undefined}
              aria-describedby={`${id("gerber")}-hint${gerberError ? ` ${id("gerber")}-error` : ""}`}
              onChange={(e) => {
                setGerber(e.target.files?.[0] ?? null);
                clear("gerber");
              }}
              className="mt-1 block w-full text-sm file:mr-3 file:h-10 file:rounded-lg file:border file:border-[var(--border)] file:bg-[var(--surface)] file:px-3"
            />
            <p id={`${id("gerber")}-hint`} className="mt-1 text-xs text-[var(--muted-fg)]">
              {t("form.gerberHint")}
            </p>
            <FieldError id={`${id("gerber")}-error`} text={gerberError} />
          </div>
          {pcbPricing && <PriceBox pricing={pcbPricing} price={price} />}
        </>
      )}

      <div>
        {label(t(`form.${config.messageLabel ?? "message"}` as never), config.message === "required", id("message"))}
        <textarea
          id={id("message")}
          name="message"
          rows={5}
          maxLength={5000}
          value={common.message}
          aria-invalid={errorFor("message") ? true : undefined}
          aria-describedby={errorFor("message") ? `${id("message")}-error` : undefined}
          onChange={(e) => {
            setCommon((c) => ({ ...c, message: e.target.value }));
            clear("message");
          }}
          className={cx(inputClass, "h-auto py-2")}
        />
        <FieldError id={`${id("message")}-error`} text={errorFor("message")} />
      </div>

      <FormMessage message={send.message} />
      <div className="sm:max-w-xs">
        <SubmitButton busy={send.busy} busyText={t("form.sending")}>
          {t("form.send")}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The PCB's indicative price as the shopper types, with what it is made of. */
function PriceBox({ pricing, price }: { pricing: PcbPricing; price: ReturnType<typeof pcbPrice> }) {
  const t = useTranslations("requests.price");
  const money = (n: number) => formatMoney(n, "TZS");
  return (
    <section aria-labelledby="pcb-price-title" className="rounded-xl border border-[var(--border)] bg-[var(--surface)] p-4" data-testid="pcb-price">
      <h3 id="pcb-price-title" className="text-sm font-semibold">
        {t("title")}
      </h3>
      <div aria-live="polite">
        {price ? (
          <>
            <p className="mt-1 text-2xl font-bold" data-testid="pcb-price-total">
              {t("total", { price: money(price.total) })}
            </p>
            <ul className="mt-1 text-xs text-[var(--muted-fg)]">
              <li>{t("area", { area: price.areaCm2 })}</li>
              {price.percentOff > 0 && <li>{t("discount", { percent: price.percentOff })}</li>}
              <li>{t("setup", { fee: money(price.setupFee) })}</li>
              {price.minimumApplied && <li>{t("minimum", { minimum: money(pricing.minimumOrder) })}</li>}
            </ul>
          </>
        ) : (
          <p className="mt-1 text-sm">{t("invalid", { min: PCB_LIMITS.minMm, max: PCB_LIMITS.maxMm })}</p>
        )}
      </div>
      <p className="mt-2 text-sm">{t("note")}</p>
    </section>
  );
}
