import { FlaskConical } from "lucide-react";
import { serverTranslator } from "../i18n/request-intl";

/**
 * The slim notice every page carries while payments go to the built-in sandbox: no money moves.
 * Rendered on the server (no script); whether the sandbox is in use is the process's configuration,
 * the same for every request, so whole cached pages may carry it. A bank transfer and pay on
 * delivery, when the shop offers them, are real money: the notice says so rather than claim
 * nothing is.
 */
export function TestModeBanner({ bankTransfer, onDelivery }: { bankTransfer: boolean; onDelivery: boolean }) {
  const t = serverTranslator("payments.testMode");
  return (
    <div
      data-testid="test-mode-banner"
      className="flex items-center justify-center gap-1.5 bg-amber-300 px-3 py-1 text-center text-xs font-semibold text-amber-950"
    >
      <FlaskConical className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <p>{t("banner", { real: bankTransfer ? (onDelivery ? "both" : "bank") : onDelivery ? "delivery" : "none" })}</p>
    </div>
  );
}
