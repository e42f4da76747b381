"use client";

import { useRef } from "react";
import { useTranslations } from "use-intl";
import type { PcbPricing } from "@/lib/pcb-pricing";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField, TextareaField } from "../ui/form";
import { DetailField } from "./fields/detail-field";
import { GerberField } from "./fields/file-detail";
import { PriceBox } from "./price-box";
import type { RequestFormName } from "./request-forms";
import { useRequestForm } from "./use-request-form";

/**
 * The one form every request of the shop is sent with (contact, each service, supplier, quote,
 * sourcing): the shared fields, then the kind's own (REQUEST_FORMS, one component per field type).
 * The PCB form adds the Gerber ZIP and the live indicative price; the quote form can copy the cart
 * into its lines. State, checks and the send are useRequestForm's.
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
  const t = useTranslations("requests");
  const formRef = useRef<HTMLFormElement>(null);
  const form = useRequestForm({ name, pcbPricing, defaults, formRef });
  const { config, common, setCommon, id, errorFor } = form;
  const optional = t("form.optional");

  return (
    <form ref={formRef} onSubmit={form.send.submit} noValidate className="space-y-4" aria-label={t(`kinds.${config.kind}`)}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          id={id("name")}
          name="name"
          label={t("form.name")}
          autoComplete="name"
          maxLength={120}
          value={common.name}
          onValueChange={(v) => setCommon("name", v)}
          error={errorFor("name")}
        />
        <TextField
          id={id("email")}
          name="email"
          label={t("form.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          value={common.email}
          onValueChange={(v) => setCommon("email", v)}
          error={errorFor("email")}
        />
        <TextField
          id={id("phone")}
          name="phone"
          label={t("form.phone")}
          optionalText={optional}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={32}
          value={common.phone}
          onValueChange={(v) => setCommon("phone", v)}
          hint={t("form.phoneHint")}
          error={errorFor("phone")}
        />
        {config.company !== "hidden" && (
          <TextField
            id={id("company")}
            name="company"
            label={t("form.company")}
            optionalText={config.company === "required" ? undefined : optional}
            autoComplete="organization"
            maxLength={160}
            value={common.company}
            onValueChange={(v) => setCommon("company", v)}
            error={errorFor("company")}
          />
        )}
        {form.details.map((field) => (
          <DetailField key={field.name} field={field} form={form} />
        ))}
      </div>

      {name === "pcb" && (
        <>
          <GerberField form={form} />
          {pcbPricing && <PriceBox pricing={pcbPricing} price={form.price} />}
        </>
      )}

      <TextareaField
        id={id("message")}
        name="message"
        label={t(`form.${config.messageLabel ?? "message"}` as never)}
        optionalText={config.message === "required" ? undefined : optional}
        rows={5}
        maxLength={5000}
        value={common.message}
        onChange={(e) => setCommon("message", e.target.value)}
        error={errorFor("message")}
      />

      <FormMessage message={form.send.message} />
      <div className="sm:max-w-xs">
        <SubmitButton block className="text-sm" busy={form.send.busy} busyText={t("form.sending")}>
          {t("form.send")}
        </SubmitButton>
      </div>
    </form>
  );
}
