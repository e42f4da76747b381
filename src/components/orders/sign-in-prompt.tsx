"use client";

import { LogIn } from "lucide-react";
import { useTranslations } from "use-intl";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { Button } from "../ui/button";

/** A page for signed-in shoppers, seen by a guest: sign in in the dialog and come back to `redirect`. */
export function SignInPrompt({ redirect }: { redirect: string }) {
  const t = useTranslations("orders.guest");
  return (
    <div className="mx-auto max-w-md rounded-xl border border-[var(--border)] p-6 text-center">
      <LogIn className="mx-auto h-10 w-10 text-brand" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{t("title")}</h2>
      <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("text")}</p>
      <Button size="lg" block className="mt-4" data-opens="auth" onClick={() => openAuthDialog("login", redirect)}>
        {t("signIn")}
      </Button>
    </div>
  );
}
