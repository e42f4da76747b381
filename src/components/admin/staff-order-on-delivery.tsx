"use client";

import { MessageSquareText } from "lucide-react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { useCodeSender } from "../auth/use-code-sender";
import { Button } from "../ui/button";
import { FieldError, TextField } from "../ui/form";

/** The id of the code's field: a refused code puts the cursor back there. */
export const STAFF_CODE_FIELD = "staff-order-code";

/**
 * Pay on delivery taken on the phone: the customer pays the rider or the counter, so their number
 * is confirmed first. Staff send a code to the number typed in the customer's part, and type the
 * code the customer reads back; the order carries it. (Shown while pay on delivery is chosen.)
 */
export function StaffOrderOnDelivery({ phone, code, onCode, error }: { phone: string; code: string; onCode: (code: string) => void; error: string | null }) {
  const t = useTranslations("admin.staffOrders.onDelivery");
  const sender = useCodeSender((to) => api.staffOrders.sendCode({ phone: to }));
  const valid = normaliseTanzanianMobile(phone) !== null;
  return (
    <div data-testid="staff-on-delivery" className="space-y-3 rounded-lg bg-[var(--muted)] p-3">
      <p>{t("intro")}</p>
      <div>
        <Button
          variant="secondary"
          onClick={() => void sender.sendTo(phone.trim())}
          disabled={!valid || sender.wait > 0}
          busy={sender.busy}
          busyText={t("sending")}
          className="max-w-full"
        >
          <MessageSquareText className="h-4 w-4 shrink-0" aria-hidden />
          {sender.sentTo ? t("sendAgain") : t("send")}
        </Button>
        <p role="status" aria-live="polite" className="mt-2">
          {!valid
            ? t("needPhone")
            : sender.sentTo
              ? sender.wait > 0
                ? t("sentWait", { phone: sender.sentTo, seconds: sender.wait })
                : t("sent", { phone: sender.sentTo })
              : null}
        </p>
        <FieldError id="staff-order-code-send-error" text={sender.problem} />
      </div>
      <TextField
        id={STAFF_CODE_FIELD}
        name="code"
        label={t("code")}
        hint={t("codeHint")}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        className="max-w-[16rem]"
        value={code}
        onChange={(e) => onCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
        error={error}
      />
    </div>
  );
}
