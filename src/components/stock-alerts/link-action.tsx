"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";
import { FormMessage } from "../ui/form";

/** The buttons of a stock alert's link page: confirm an e-mailed alert, or stop the alert. */
export function StockAlertLinkAction({ token, confirm }: { token: string; confirm: boolean }) {
  const t = useTranslations("catalog.stockAlert");
  const [done, setDone] = useState(false);
  const confirming = useFormAction(
    async () => {
      await api.stockAlerts.confirm({ token });
      setDone(true);
      return { ok: true, message: t("page.confirmed") };
    },
    { failure: t("failed") },
  );
  const cancelling = useFormAction(
    async () => {
      await api.stockAlerts.cancel({ token });
      setDone(true);
      return { ok: true, message: t("page.cancelled") };
    },
    { failure: t("failed") },
  );
  return (
    <div className="space-y-3">
      {!done && (
        <div className="flex flex-wrap gap-2">
          {confirm && (
            <Button busy={confirming.busy} onClick={() => confirming.submit()}>
              {t("page.confirm")}
            </Button>
          )}
          <Button variant="secondary" busy={cancelling.busy} onClick={() => cancelling.submit()}>
            {t("page.cancel")}
          </Button>
        </div>
      )}
      <FormMessage message={confirming.message ?? cancelling.message} />
    </div>
  );
}
