"use client";

import { BellRing, PackageCheck, Truck } from "lucide-react";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { shopDateFormat } from "@/lib/date-format";
import { isLocale } from "@/lib/locale";
import { availabilityLine, STOCK_ALERT_CHANNELS, type IncomingStock, type StockAlertChannel } from "@/lib/stock-alerts";
import { chosenOption } from "../catalog/chosen-option";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog";
import { ChoiceCard, FormMessage, TextField } from "../ui/form";

/** What the product page knows of a product's availability (computed on the server). */
export interface AvailabilityFacts {
  productId: number;
  /** units others can buy now, of the product as a whole */
  inStock: number;
  /** the same per option, by the option's id (as the purchase panel chooses it) */
  options: Record<string, { combinationId: string; inStock: number; label: string }>;
  incoming: IncomingStock;
  /** the shop's date today (YYYY-MM-DD) */
  today: string;
  /** a signed-in shopper's own phone and e-mail, to fill the contact in */
  prefill: { phone: string | null; email: string | null };
}

/**
 * The product page's availability line ("3 in stock in Dar · 20 arriving about 12 Dec", "Sold out
 * · …", "Imported on demand: about 3 weeks") for the product or the option chosen, and "Notify me"
 * when that is sold out: a dialog choosing SMS, WhatsApp or e-mail, then a guest's code step.
 */
export function AvailabilityPanel({ facts }: { facts: AvailabilityFacts }) {
  const t = useTranslations("catalog.stockAlert");
  const locale = useLocale();
  // day first in both languages ("12 Dec"), as the shop's other dates
  const dayMonth = shopDateFormat(isLocale(locale) ? locale : "en", "dayMonth");
  const chosen = chosenOption.use();
  const option = chosen ? facts.options[chosen] : undefined;
  const stock = option ? option.inStock : facts.inStock;
  const line = availabilityLine(stock, facts.incoming, facts.today);
  const parts: string[] = [line.inStock > 0 ? t("inStock", { count: line.inStock }) : t("soldOut")];
  if (line.incoming)
    parts.push(
      line.incoming.date
        ? t("arriving", { count: line.incoming.quantity, date: dayMonth.format(new Date(`${line.incoming.date}T12:00:00Z`)) })
        : t("arrivingUndated", { count: line.incoming.quantity }),
    );
  if (line.onDemandWeeks) parts.push(t("onDemand", { weeks: line.onDemandWeeks }));
  const Icon = line.inStock > 0 ? PackageCheck : Truck;

  return (
    <div className="mt-3 space-y-2" data-testid="availability">
      <p className="flex items-start gap-2 text-sm" aria-live="polite">
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-[var(--muted-fg)]" aria-hidden />
        <span data-testid="availability-line">{parts.join(" · ")}</span>
      </p>
      {stock <= 0 && (
        <NotifyMe
          key={option?.combinationId ?? "product"}
          productId={facts.productId}
          variantId={option?.combinationId}
          optionLabel={option?.label}
          prefill={facts.prefill}
        />
      )}
    </div>
  );
}

type Step = { kind: "contact" } | { kind: "code"; alertId: number; sentTo: string | null } | { kind: "done"; text: string };

function NotifyMe({
  productId,
  variantId,
  optionLabel,
  prefill,
}: {
  productId: number;
  variantId?: string;
  optionLabel?: string;
  prefill: AvailabilityFacts["prefill"];
}) {
  const t = useTranslations("catalog.stockAlert");
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<StockAlertChannel>("sms");
  const [phone, setPhone] = useState(prefill.phone ?? "");
  const [email, setEmail] = useState(prefill.email ?? "");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<Step>({ kind: "contact" });
  const contact = channel === "email" ? email : phone;

  const subscribe = useFormAction(
    async () => {
      try {
        const answer = await api.stockAlerts.subscribe({ productId, ...(variantId ? { variantId } : {}), channel, contact: contact.trim() });
        if (answer.status === "pending-confirmation") {
          if (channel === "email") setStep({ kind: "done", text: t("checkInbox") });
          else setStep({ kind: "code", alertId: answer.alert.id, sentTo: answer.code?.sentTo ?? null });
        } else setStep({ kind: "done", text: t("waiting") });
        return { ok: true, message: "" };
      } catch (error) {
        if (isApiError(error, "in-stock")) return { ok: false, message: t("inStockNow") };
        throw error;
      }
    },
    { failure: t("failed") },
  );
  const confirm = useFormAction(
    async () => {
      if (step.kind !== "code") return { ok: false, message: t("failed") };
      const answer = await api.stockAlerts.confirm({ alertId: step.alertId, code: code.trim() });
      setStep({ kind: "done", text: answer.status === "notified" || answer.status === "held" ? t("inStockNow") : t("waiting") });
      return { ok: true, message: "" };
    },
    { failure: t("failed") },
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && step.kind === "done") setStep({ kind: "contact" });
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" data-testid="notify-me">
          <BellRing className="h-4 w-4" aria-hidden />
          {t("notifyMe")}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t("title")}
        description={optionLabel ? `${t("description")} ${t("forOption", { option: optionLabel })}` : t("description")}
        className="top-[8vh] max-h-[84vh] w-[min(26rem,calc(100vw-1.5rem))] overflow-y-auto"
      >
        {step.kind === "contact" && (
          <form className="mt-4 space-y-3" onSubmit={subscribe.submit} noValidate>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t("channel")}</legend>
              {STOCK_ALERT_CHANNELS.map((c) => (
                <ChoiceCard key={c} name="alert-channel" value={c} checked={channel === c} onChange={() => setChannel(c)} title={t(`channels.${c}`)} />
              ))}
            </fieldset>
            {channel === "email" ? (
              <TextField name="email" type="email" autoComplete="email" label={t("email")} value={email} onValueChange={setEmail} required />
            ) : (
              <TextField
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                label={t("phone")}
                hint={t("phoneHint")}
                value={phone}
                onValueChange={setPhone}
                required
              />
            )}
            <FormMessage message={subscribe.message} />
            <SubmitButton block busy={subscribe.busy} data-testid="notify-send">
              {t("send")}
            </SubmitButton>
          </form>
        )}
        {step.kind === "code" && (
          <form className="mt-4 space-y-3" onSubmit={confirm.submit} noValidate>
            <TextField
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              label={t("code")}
              hint={step.sentTo ? t("codeHint", { phone: step.sentTo }) : t("codeHintEarlier")}
              value={code}
              onValueChange={setCode}
              maxLength={6}
              required
            />
            <FormMessage message={confirm.message ?? (subscribe.message?.tone === "error" ? subscribe.message : null)} />
            <div className="flex flex-wrap gap-2">
              <SubmitButton busy={confirm.busy} data-testid="notify-confirm">
                {t("confirm")}
              </SubmitButton>
              <Button variant="ghost" busy={subscribe.busy} onClick={() => subscribe.submit()}>
                {t("resend")}
              </Button>
            </div>
          </form>
        )}
        {step.kind === "done" && (
          <p className="mt-4 text-sm font-medium" role="status" data-testid="notify-done">
            {step.text}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
