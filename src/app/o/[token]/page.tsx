import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderPageView } from "@/components/orders/order-page";
import { GuestOrderAccount } from "@/components/orders/guest-order-account";
import { isDomainError } from "@/server/errors";
import { getServices } from "@/server/services";
import { getTranslator } from "../../i18n";
import { loadSessionUser } from "../../session";
import { loadSiteSettings } from "../../site-settings";

type Params = { params: Promise<{ token: string }>; searchParams: Promise<{ placed?: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("orders.meta");
  // the token opens the order: it must not travel on to other sites in a Referer
  return { title: t("guestOrder"), robots: { index: false }, referrer: "same-origin" };
}

/** The token as written in the address; a malformed escape is kept as it is (and simply opens nothing). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * An order opened by the signed link its SMS carries (/o/<token>): a guest's order (no account to
 * sign in to), or an account holder's from their phone. The link is the key: whoever holds it sees
 * the order, pays it, cancels it while unpaid and downloads its documents. A token that is not the
 * shop's is the not-found page, like a missing order.
 */
export default async function LinkedOrderPage({ params, searchParams }: Params) {
  const [{ token: raw }, { placed }, settings, user, services] = await Promise.all([
    params,
    searchParams,
    loadSiteSettings(),
    loadSessionUser(),
    getServices(),
  ]);
  const token = decoded(raw);
  const orderId = await services.links.orderFromToken(token);
  if (orderId === null) notFound();
  const found = await services.orders.byLink(orderId).catch((error: unknown) => {
    if (isDomainError(error) && error.code === "not-found") return null;
    throw error;
  });
  if (!found) notFound();
  const messages = await services.textMessages.forOrder(orderId);
  return (
    <>
      <OrderPageView order={found.order} settings={settings} messages={messages} placed={placed === "1"} token={token} />
      {/* a guest's order: keep it (and the next ones) in an account by confirming the number there */}
      {found.row.userId === null && <GuestOrderAccount signedIn={user !== null} phone={found.order.phone} />}
    </>
  );
}
