import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { SandboxDecisions } from "@/components/payments/sandbox-decisions";
import { formatMoney } from "@/lib/money";
import { formatTanzanianPhone } from "@/lib/phone";
import { isDomainError } from "@/server/errors";
import { PAYMENT_REFERENCE_PATTERN } from "@/server/payments/reference";
import { getServices } from "@/server/services";
import { getTranslator } from "../../../i18n";
import { loadSessionUser } from "../../../session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("payments.sandbox");
  // no "no-referrer" here: under it a browser sends `Origin: null` with the forms, which the CSRF guard refuses
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * The built-in sandbox provider's stand-in for the shopper's phone (or a card page): the payment's
 * amount, number and wallet, and the three things the phone's owner can do. Only the order's owner
 * (signed in, or a guest holding the order's signed link) sees it: someone else's reference, an unknown one and one that is not a reference at all are the
 * shop's not-found page, alike. It takes no money.
 */
export default async function PaymentSandboxPage({
  params,
  searchParams,
}: {
  params: Promise<{ reference: string }>;
  searchParams: Promise<{ order?: string }>;
}) {
  const [{ reference }, { order: orderToken }] = await Promise.all([params, searchParams]);
  if (!PAYMENT_REFERENCE_PATTERN.test(reference)) notFound();
  const [t, tStatus, services] = await Promise.all([getTranslator("payments.sandbox"), getTranslator("payments.status"), getServices()]);
  // a guest's payment is reached with its order's signed-link token (?order=), a shopper's by the sign-in
  const linkedOrder = typeof orderToken === "string" ? await services.links.orderFromToken(orderToken) : null;
  const user = linkedOrder === null ? await loadSessionUser() : null;
  if (linkedOrder === null && !user) redirect(`/auth/login?redirect=${encodeURIComponent(`/payments/sandbox/${reference}`)}`);
  const viewer = linkedOrder !== null ? { userId: null, orderId: linkedOrder } : { userId: user!.id };
  const { payments } = services;
  const sandbox = await payments.sandboxPayment(reference, viewer).catch((error: unknown) => {
    if (isDomainError(error) && (error.code === "not-found" || error.code === "invalid-input")) return null;
    throw error;
  });
  if (!sandbox) notFound();
  const { payment } = sandbox;
  const amount = formatMoney(payment.amount);
  const phone = payment.phone ? formatTanzanianPhone(payment.phone) : null;
  const rows: [string, string][] = [
    [t("order"), sandbox.orderNumber],
    [t("reference"), payment.reference],
    [t("amount"), amount],
    [t("method"), payment.method === "card" ? t("methodCard") : t("methodMobileMoney")],
    ...(payment.wallet ? [[t("wallet"), payment.wallet] as [string, string]] : []),
    ...(phone ? [[t("phone"), phone] as [string, string]] : []),
  ];

  return (
    <div className="mx-auto my-6 w-[min(28rem,calc(100vw-1.5rem))]">
      <h1 className="mb-3 text-xl font-bold">{t("title")}</h1>
      <p role="note" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        {t("notice")}
      </p>
      {/* a label and its value on one line where both fit, the value on a line of its own where not; words wrap
        whole, and only a value longer than a line (a reference) breaks inside */}
      <dl className="mb-5 space-y-1 rounded-xl border border-[var(--border)] p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-4">
            <dt className="text-[var(--muted-fg)]">{label}</dt>
            <dd className="ml-auto min-w-0 text-right font-medium [overflow-wrap:anywhere]" data-testid="sandbox-value">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {sandbox.sandboxStatus === "pending" ? (
        <>
          <p className="mb-4 text-base">
            {payment.method === "card" ? t("cardPrompt") : t("pushPrompt", { wallet: payment.wallet ?? "", phone: phone ?? "", amount })}
          </p>
          <SandboxDecisions
            reference={payment.reference}
            labels={{ confirm: t("confirm"), decline: t("decline"), expire: t("expire") }}
            orderToken={linkedOrder !== null ? orderToken : undefined}
          />
        </>
      ) : (
        <div className="grid gap-2" data-testid="sandbox-outcome">
          <p className="text-base font-semibold">{t(`decided.${sandbox.sandboxStatus}`)}</p>
          <p className="text-sm">{t("shopStatus", { status: tStatus(payment.status) })}</p>
        </div>
      )}
      <p className="mt-6 text-sm">
        <Link
          href={linkedOrder !== null && orderToken ? `/o/${encodeURIComponent(orderToken)}` : `/account/orders/${encodeURIComponent(sandbox.orderNumber)}`}
          className="text-brand underline"
        >
          {t("backToOrder", { number: sandbox.orderNumber })}
        </Link>
      </p>
    </div>
  );
}
