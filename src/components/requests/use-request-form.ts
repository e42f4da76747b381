"use client";

import { useMemo, useState, type RefObject } from "react";
import { useTranslations } from "use-intl";
import { api, refusedField } from "@/lib/api-client";
import type { SendRequestBody } from "@/lib/api-contract";
import { DEFAULT_PCB_SPEC, pcbPrice, type PcbPricing, type PcbSpec } from "@/lib/pcb-pricing";
import { checkRequest, problemField } from "@/lib/requests";
import { useCart } from "../cart/cart-store";
import { useFormAction } from "../hooks/use-form-action";
import { useErrorText } from "../i18n/error-text";
import { REQUEST_FORMS, type DetailField, type FormConfig, type RequestFormName } from "./request-forms";

const GERBER_MAX_BYTES = 10 * 1024 * 1024;
/** The most lines a quote or sourcing request takes (the server's limit too). */
export const MAX_LINES = 200;

/** One line of a quote or sourcing request as typed: a product from the cart keeps its id while its text stays. */
export interface RequestLine {
  productId?: number;
  text: string;
  quantity: string;
}

type Errors = Record<string, string>;
type Common = { name: string; email: string; phone: string; company: string; message: string };

/** The start values of a form's details: the first option of each choice, the PCB's usual board. */
function initialDetails(name: RequestFormName): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of REQUEST_FORMS[name].details as readonly DetailField[]) {
    if (field.type === "select") out[field.name] = String(field.options[0]);
  }
  if (name === "pcb") for (const [key, value] of Object.entries(DEFAULT_PCB_SPEC)) out[key] = String(value);
  return out;
}

const EMPTY_LINE: RequestLine = { text: "", quantity: "1" };

/**
 * A request form's values, its checks and its send. The browser checks with the server's own rules
 * first (src/lib/requests.ts); either way a problem shows under its field and the first wrong field
 * gets the focus. A change to a field clears its error.
 */
export function useRequestForm({
  name,
  pcbPricing,
  defaults,
  formRef,
}: {
  name: RequestFormName;
  pcbPricing?: PcbPricing;
  defaults: { name?: string; email?: string };
  /** the form element, where the first wrong field is looked up to be focused */
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const config: FormConfig = REQUEST_FORMS[name];
  const details = config.details as readonly DetailField[];
  const t = useTranslations("requests");
  const errorText = useErrorText();
  const [common, setCommonValues] = useState<Common>({ name: defaults.name ?? "", email: defaults.email ?? "", phone: "", company: "", message: "" });
  const [values, setValues] = useState<Record<string, string>>(() => initialDetails(name));
  const [checks, setChecks] = useState<Record<string, string[]>>({});
  const [lines, setLineValues] = useState<RequestLine[]>([{ ...EMPTY_LINE }]);
  const [gerber, setGerberFile] = useState<File | null>(null);
  // a new key empties the file input after a send (a file input cannot be set from script)
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [cartNote, setCartNote] = useState<string | null>(null);
  const { cart, loading: cartLoading } = useCart();

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
        setCommonValues((c) => ({ ...c, phone: "", company: "", message: "" }));
        setValues(initialDetails(name));
        setChecks({});
        setLineValues([{ ...EMPTY_LINE }]);
        setGerberFile(null);
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

  const linesKey = "details.lines";
  const fillFromCart = () => {
    const fromCart: RequestLine[] = cart.items.flatMap((item) =>
      item.variants.map((variant) => {
        const attributes = Object.values(variant.attributes).filter(Boolean).join(", ");
        return { productId: item.productId, text: attributes ? `${item.product.name} (${attributes})` : item.product.name, quantity: String(variant.quantity) };
      }),
    );
    if (!fromCart.length) return setCartNote(t("form.fromCartEmpty"));
    setLineValues(fromCart.slice(0, MAX_LINES));
    setCartNote(t("form.fromCartDone", { count: Math.min(MAX_LINES, fromCart.length) }));
    clear(linesKey);
  };

  return {
    name,
    config,
    details,
    id,
    errorFor,
    send,
    price,
    common,
    setCommon: (key: keyof Common, value: string) => {
      setCommonValues((c) => ({ ...c, [key]: value }));
      clear(key);
    },
    values,
    setDetail: (field: string, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      clear(`details.${field}`);
    },
    checks,
    toggleCheck: (field: string, option: string) => {
      setChecks((c) => {
        const now = c[field] ?? [];
        return { ...c, [field]: now.includes(option) ? now.filter((o) => o !== option) : [...now, option] };
      });
      clear(`details.${field}`);
    },
    lines,
    /** Changes line `index`; a changed text is no longer the cart's product. */
    updateLine: (index: number, change: Partial<Pick<RequestLine, "text" | "quantity">>) => {
      setLineValues((all) =>
        all.map((l, i) => (i === index ? { ...l, ...change, productId: change.text === undefined || change.text === l.text ? l.productId : undefined } : l)),
      );
      clear(linesKey);
    },
    addLine: () => setLineValues((all) => [...all, { ...EMPTY_LINE }]),
    removeLine: (index: number) => setLineValues((all) => all.filter((_, i) => i !== index)),
    fillFromCart,
    cartNote,
    cartLoading,
    fileKey,
    setGerber: (file: File | null) => {
      setGerberFile(file);
      clear("gerber");
    },
  };
}

export type RequestFormState = ReturnType<typeof useRequestForm>;
