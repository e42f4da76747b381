/**
 * The message catalogue: every text the shop shows, in Kiswahili and English, one JSON file per
 * area and language (ICU messages: plurals, numbers and dates are formatted by the language).
 * Only the server imports this module; the browser receives the one language it renders in,
 * without the namespaces only the server uses (see clientMessages).
 */
import compile from "icu-minify/compile";
import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/locale";
import enCommon from "./en/common.json";
import enCatalog from "./en/catalog.json";
import enSearch from "./en/search.json";
import enCart from "./en/cart.json";
import enAuth from "./en/auth.json";
import enAccount from "./en/account.json";
import enNewsletter from "./en/newsletter.json";
import enErrors from "./en/errors.json";
import enLegal from "./en/legal.json";
import enEmail from "./en/email.json";
import enAdmin from "./en/admin.json";
import enMeta from "./en/meta.json";
import enDocuments from "./en/documents.json";
import enOrderMail from "./en/order-mail.json";
import enPayments from "./en/payments.json";
import enCheckout from "./en/checkout.json";
import enOrders from "./en/orders.json";
import enWishlist from "./en/wishlist.json";
import enMessages from "./en/messages.json";
import enRequests from "./en/requests.json";
import enServices from "./en/services.json";
import enRewards from "./en/rewards.json";
import enPages from "./en/pages.json";
import enFatal from "./en/fatal.json";
import enSourcing from "./en/sourcing.json";
import enDiscover from "./en/discover.json";
import enHome from "./en/home.json";
import enSms from "./en/sms.json";
import enDelivery from "./en/delivery.json";
import swCommon from "./sw/common.json";
import swCatalog from "./sw/catalog.json";
import swSearch from "./sw/search.json";
import swCart from "./sw/cart.json";
import swAuth from "./sw/auth.json";
import swAccount from "./sw/account.json";
import swNewsletter from "./sw/newsletter.json";
import swErrors from "./sw/errors.json";
import swLegal from "./sw/legal.json";
import swEmail from "./sw/email.json";
import swAdmin from "./sw/admin.json";
import swMeta from "./sw/meta.json";
import swDocuments from "./sw/documents.json";
import swOrderMail from "./sw/order-mail.json";
import swPayments from "./sw/payments.json";
import swCheckout from "./sw/checkout.json";
import swOrders from "./sw/orders.json";
import swWishlist from "./sw/wishlist.json";
import swMessages from "./sw/messages.json";
import swRequests from "./sw/requests.json";
import swServices from "./sw/services.json";
import swRewards from "./sw/rewards.json";
import swPages from "./sw/pages.json";
import swFatal from "./sw/fatal.json";
import swSourcing from "./sw/sourcing.json";
import swDiscover from "./sw/discover.json";
import swHome from "./sw/home.json";
import swSms from "./sw/sms.json";
import swDelivery from "./sw/delivery.json";

const en = {
  common: enCommon,
  catalog: enCatalog,
  search: enSearch,
  cart: enCart,
  auth: enAuth,
  account: enAccount,
  newsletter: enNewsletter,
  errors: enErrors,
  legal: enLegal,
  email: enEmail,
  admin: enAdmin,
  meta: enMeta,
  documents: enDocuments,
  orderMail: enOrderMail,
  payments: enPayments,
  checkout: enCheckout,
  orders: enOrders,
  wishlist: enWishlist,
  messages: enMessages,
  requests: enRequests,
  services: enServices,
  rewards: enRewards,
  pages: enPages,
  fatal: enFatal,
  sourcing: enSourcing,
  discover: enDiscover,
  home: enHome,
  sms: enSms,
  delivery: enDelivery,
};

/** The shape of the catalogue (the English one is the reference; the other language must match it key for key). */
export type Messages = typeof en;
export type Namespace = keyof Messages;

const swSource: Messages = {
  common: swCommon,
  catalog: swCatalog,
  search: swSearch,
  cart: swCart,
  auth: swAuth,
  account: swAccount,
  newsletter: swNewsletter,
  errors: swErrors,
  legal: swLegal,
  email: swEmail,
  admin: swAdmin,
  meta: swMeta,
  documents: swDocuments,
  orderMail: swOrderMail,
  payments: swPayments,
  checkout: swCheckout,
  orders: swOrders,
  wishlist: swWishlist,
  messages: swMessages,
  requests: swRequests,
  services: swServices,
  rewards: swRewards,
  pages: swPages,
  fatal: swFatal,
  sourcing: swSourcing,
  discover: swDiscover,
  home: swHome,
  sms: swSms,
  delivery: swDelivery,
};

/** The catalogue as written (ICU message strings), for checks of the text itself. */
export const SOURCE_CATALOGUES: Record<Locale, Messages> = { en, sw: swSource };

/**
 * Every message compiled once, at start, to the compact form use-intl formats without an ICU
 * parser: the browser never downloads the parser (about 12 KB of script, gzip). Next's bundles
 * (next.config.ts) and the tests (vitest.config.ts) resolve `use-intl/format-message` to its
 * format-only build; the API server's bundle and code run from the sources under tsx load
 * use-intl from node_modules as it is, with the parsing formatter, which reads the source strings.
 * So the catalogue follows the formatter this bundle really has, found by formatting a probe.
 * Keys and their types stay the source's.
 */
function compileTree<T>(tree: T): T {
  const out: Record<string, unknown> = {};
  // through JSON: the compiler's option maps have no prototype, which React refuses to send to the browser
  for (const [key, value] of Object.entries(tree as Record<string, unknown>))
    out[key] = typeof value === "string" ? JSON.parse(JSON.stringify(compile(value))) : compileTree(value);
  return out as T;
}

function formatsCompiledMessages(): boolean {
  const probe = createTranslator({ locale: "en", messages: { probe: compile("{n}") }, onError: () => undefined, getMessageFallback: () => "" });
  return (probe as unknown as (key: string, values: object) => string)("probe", { n: "ok" }) === "ok";
}
const PRECOMPILED = formatsCompiledMessages();

export const CATALOGUES: Record<Locale, Messages> = PRECOMPILED ? { en: compileTree(en), sw: compileTree(swSource) } : SOURCE_CATALOGUES;

/**
 * Parts of the catalogue only the server renders (pages without client components, e-mails,
 * page titles): never sent to the browser. A "namespace.group" path drops one group of a namespace.
 */
const SERVER_ONLY = [
  "legal",
  "email",
  "meta",
  "admin",
  "newsletter.email",
  "documents",
  "orderMail",
  "payments.sandbox",
  // the test-mode banner is rendered by the root layout on the server
  "payments.testMode",
  "orders.meta",
  "orders.admin",
  // pay on delivery's staff side (riders' page, cash reconciliation): the rider page and the admin layout hand it down
  "delivery",
  // the admin area's client texts travel with admin pages only (src/app/admin/layout.tsx)
  "rewards.admin",
  "messages.admin",
  "wishlist.meta",
  "messages.meta",
  "messages.email",
  "account.meta",
  "requests.email",
  "requests.admin",
  "requests.contact",
  "requests.supplier",
  "requests.buyer",
  "services",
  "rewards.meta",
  // global-error.tsx imports its two small files itself (it renders without the layout that hands messages down)
  "fatal",
  // the info and legal pages render on the server; only the help search box and the install button are client components
  "pages.meta",
  "pages.common",
  "pages.about",
  "pages.story",
  "pages.careers",
  "pages.press",
  "pages.returns",
  "pages.shipping",
  "pages.support",
  "pages.help",
  "pages.legalCommon",
  "pages.cookies",
  "pages.gdpr",
  "pages.dataProtection",
  "pages.social",
  "pages.offline",
  "pages.notFound",
  "pages.loading",
  // server-rendered pages: the browser needs only the BOM page's own texts
  "sourcing.meta",
  "sourcing.page",
  "discover",
  "home",
  // text messages are written on the server only
  "sms",
] as const;

/** The part of one language's catalogue the browser needs for its components. */
export function clientMessages(locale: Locale): Partial<Messages> {
  const out: Record<string, unknown> = { ...CATALOGUES[locale] };
  for (const path of SERVER_ONLY) {
    const [namespace, group] = path.split(".") as [string, string | undefined];
    if (!group) delete out[namespace];
    else if (out[namespace] && typeof out[namespace] === "object") {
      const rest = { ...(out[namespace] as Record<string, unknown>) };
      delete rest[group];
      out[namespace] = rest;
    }
  }
  return out as Partial<Messages>;
}
