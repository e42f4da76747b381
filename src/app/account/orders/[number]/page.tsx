import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { OrderView } from "@/lib/orders";
import { OrderPageView } from "@/components/orders/order-page";
import { SignInPrompt } from "@/components/orders/sign-in-prompt";
import { isDomainError } from "@/server/errors";
import { getServices } from "@/server/services";
import { getTranslator } from "../../../i18n";
import { loadSessionUser } from "../../../session";
import { loadSiteSettings } from "../../../site-settings";

type Params = { params: Promise<{ number: string }>; searchParams: Promise<{ placed?: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const [{ number }, t] = await Promise.all([params, getTranslator("orders.meta")]);
  return { title: t("order", { number: decoded(number) }), robots: { index: false } };
}

/** The number as typed in the address; a malformed escape is kept as it is (and simply finds no order). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function loadOrder(userId: number, number: string): Promise<OrderView | null> {
  try {
    return await (await getServices()).orders.get(userId, number);
  } catch (error) {
    if (isDomainError(error) && error.code === "not-found") return null;
    throw error;
  }
}

/**
 * An order, and the confirmation after checkout (?placed=1): its lines, VAT, delivery and payment,
 * the timeline, the documents, and while it is unpaid the payment's progress and a way to cancel.
 */
export default async function OrderPage({ params, searchParams }: Params) {
  const [{ number: raw }, { placed }, user, settings, t] = await Promise.all([
    params,
    searchParams,
    loadSessionUser(),
    loadSiteSettings(),
    getTranslator("orders.order"),
  ]);
  const number = decoded(raw);
  if (!user)
    return (
      <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
        <h1 className="mb-4 text-xl font-bold">{t("title", { number })}</h1>
        <SignInPrompt redirect={`/account/orders/${encodeURIComponent(number)}`} />
      </div>
    );
  const order = await loadOrder(user.id, number);
  if (!order) notFound();

  const messages = await (await getServices()).textMessages.forShopperOrder(user.id, order.number);
  return <OrderPageView order={order} settings={settings} messages={messages} placed={placed === "1"} />;
}
