"use client";

import { UserPlus } from "lucide-react";
import { useTranslations } from "use-intl";
import { formatTanzanianPhone } from "@/lib/phone";
import { PhoneClaim } from "../account/phone-claim";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { Button } from "../ui/button";

/**
 * Under a guest's order (opened by its SMS link): how to keep it in an account. Signed out, create
 * one (then confirm the number there); signed in, confirm the number here with a code.
 */
export function GuestOrderAccount({ signedIn, phone }: { signedIn: boolean; phone: string }) {
  const t = useTranslations("account.phoneClaim");
  const shown = formatTanzanianPhone(phone);
  return (
    <section aria-labelledby="keep-heading" className="mx-auto mb-6 max-w-5xl px-3 sm:px-4" data-testid="guest-order-account">
      <div className="rounded-xl border border-[var(--border)] p-4">
        <h2 id="keep-heading" className="mb-1 flex items-center gap-2 text-base font-semibold">
          <UserPlus className="h-5 w-5 text-brand" aria-hidden />
          {t("guestTitle")}
        </h2>
        {signedIn ? (
          <>
            <p className="mb-3 text-sm text-[var(--muted-fg)]">{t("guestTextSignedIn", { phone: shown })}</p>
            <PhoneClaim initialPhone={phone} compact />
          </>
        ) : (
          <>
            <p className="mb-3 text-sm text-[var(--muted-fg)]">{t("guestText", { phone: shown })}</p>
            <Button variant="secondary" data-opens="auth" onClick={() => openAuthDialog("register", "/account/orders")}>
              {t("register")}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
