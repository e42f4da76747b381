"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { BomLine } from "@/lib/bom";
import { FormMessage, TextField } from "../ui/form";
import { useFormAction, type FormResult } from "../hooks/use-form-action";
import { sendSourcingRequest } from "./sourcing-client";
import { SubmitButton } from "../ui/submit-button";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The BOM lines without a product, sent to the shop's sourcing team with the shopper's contact. */
export function SourcingRequestForm({ lines }: { lines: BomLine[] }) {
  const t = useTranslations("sourcing.request");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [message, setMessage] = useState("");
  const [sentFor, setSentFor] = useState<string | null>(null);
  const form = useFormAction<FormResult>(
    async () => {
      const { reference } = await sendSourcingRequest({ name: name.trim(), email: email.trim(), phone: phone.trim(), message: message.trim() }, lines);
      setSentFor(JSON.stringify(lines));
      return { ok: true, message: t("sent", { reference }) };
    },
    {
      failure: t("failed"),
      check: () => (!name.trim() || !EMAIL.test(email.trim()) ? t("missing") : null),
    },
  );
  const sent = sentFor === JSON.stringify(lines) && form.message?.tone === "success";
  return (
    <section aria-labelledby="sourcing-request" className="space-y-3 rounded-xl border border-[var(--border)] p-3 sm:p-4" data-testid="sourcing-request">
      <h2 id="sourcing-request" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-[var(--muted-fg)]">{t("intro")}</p>
      <ul className="list-disc space-y-0.5 pl-5 font-mono text-sm">
        {lines.map((line, i) => (
          <li key={i}>{t("line", { quantity: line.quantity, text: line.text })}</li>
        ))}
      </ul>
      {!sent && (
        <form onSubmit={form.submit} noValidate className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="sourcingName"
            label={t("name")}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
          />
          <TextField
            name="sourcingEmail"
            label={t("email")}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            maxLength={254}
          />
          <TextField
            name="sourcingPhone"
            label={t("phone")}
            optionalText={t("optional")}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            maxLength={20}
          />
          <TextField
            name="sourcingMessage"
            label={t("message")}
            optionalText={t("optional")}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={500}
          />
          <div className="sm:col-span-2">
            <SubmitButton size="lg" block className="sm:w-auto sm:px-6" busy={form.busy} busyText={t("busy")}>
              {t("submit")}
            </SubmitButton>
          </div>
        </form>
      )}
      <FormMessage message={form.message} />
    </section>
  );
}
