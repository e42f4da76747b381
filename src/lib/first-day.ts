import { PLACEHOLDER_IMAGE } from "./product-image";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "./site-settings";

/**
 * A shop owner's first day: what a live shop needs, each item done or still missing with a
 * one-line reason and where it is set. The server gathers the facts (settings, counts, the payment
 * provider in use); the rule of what counts as done is here, once, for the dashboard and the API.
 */

export const FIRST_DAY_ITEMS = ["shopDetails", "taxNumbers", "categories", "catalogue", "payments", "sms"] as const;
export type FirstDayItemId = (typeof FIRST_DAY_ITEMS)[number];

/** The shop's details a shopper and every receipt read. */
export const SHOP_DETAIL_FIELDS = ["companyName", "contactEmail", "contactPhone", "address"] as const;
export type ShopDetailField = (typeof SHOP_DETAIL_FIELDS)[number];

export const TAX_NUMBER_FIELDS = ["tin", "vrn"] as const;
export type TaxNumberField = (typeof TAX_NUMBER_FIELDS)[number];

/** The payment providers: ClickPesa takes real money; the built-in sandbox takes none. */
export type FirstDayPaymentProvider = "clickpesa" | "sandbox";

/** The SMS providers: Africa's Talking texts shoppers from the shop's registered sender ID; the built-in sandbox only writes files. */
export type FirstDaySmsProvider = "africastalking" | "sandbox";

/** The most category names an item lists as examples. */
export const FIRST_DAY_EXAMPLES = 3;

/** A product's picture that is none (a product an import made without one, or an empty address). */
export const NO_PICTURE_IMAGES = ["", PLACEHOLDER_IMAGE] as const;

export interface FirstDayFacts {
  settings: Pick<SiteSettings, ShopDetailField | "fiscal">;
  /** how many categories, and the names of those without attribute definitions (in the shop's order) */
  categories: { total: number; withoutAttributes: string[] };
  /** products on sale, and how many of those have no picture of their own */
  catalogue: { onSale: number; withoutPicture: number };
  paymentProvider: FirstDayPaymentProvider;
  smsProvider: FirstDaySmsProvider;
}

interface ItemBase {
  done: boolean;
  /** why, in one line of English (the admin's page words it in the admin's language from the fields) */
  reason: string;
  /** the admin page where it is set */
  href: string;
}

export type FirstDayItem =
  | (ItemBase & { id: "shopDetails"; missing: ShopDetailField[] })
  | (ItemBase & { id: "taxNumbers"; missing: TaxNumberField[] })
  | (ItemBase & { id: "categories"; total: number; withoutAttributes: number; examples: string[] })
  | (ItemBase & { id: "catalogue"; onSale: number; withoutPicture: number })
  | (ItemBase & { id: "payments"; provider: FirstDayPaymentProvider })
  | (ItemBase & { id: "sms"; provider: FirstDaySmsProvider });

export interface FirstDayChecklist {
  items: FirstDayItem[];
  /** items done, of all */
  done: number;
  total: number;
}

const DETAIL_NAMES: Record<ShopDetailField, string> = { companyName: "name", contactEmail: "e-mail", contactPhone: "phone", address: "address" };

/** A detail is set when it is filled in and is not the demo shop's own (the defaults are the demo's). */
function detailMissing(settings: FirstDayFacts["settings"], field: ShopDetailField): boolean {
  if (field === "address") {
    const en = settings.address.en.trim();
    return !en || en === DEFAULT_SITE_SETTINGS.address.en;
  }
  const value = settings[field].trim();
  return !value || value === DEFAULT_SITE_SETTINGS[field];
}

const list = (words: string[]) => words.join(", ");
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The checklist of what a live shop needs, from the facts. The SMS sender is missing until Africa's Talking is configured. */
export function firstDayChecklist(facts: FirstDayFacts): FirstDayChecklist {
  const detailsMissing = SHOP_DETAIL_FIELDS.filter((field) => detailMissing(facts.settings, field));
  const taxMissing = TAX_NUMBER_FIELDS.filter((field) => !facts.settings.fiscal[field].trim());
  const { total, withoutAttributes } = facts.categories;
  const { onSale, withoutPicture } = facts.catalogue;

  const items: FirstDayItem[] = [
    {
      id: "shopDetails",
      done: detailsMissing.length === 0,
      missing: detailsMissing,
      reason: detailsMissing.length
        ? `Still the demo's or empty: ${list(detailsMissing.map((f) => DETAIL_NAMES[f]))}`
        : "Name, e-mail, phone and address are set",
      href: "/admin/settings?tab=company",
    },
    {
      id: "taxNumbers",
      done: taxMissing.length === 0,
      missing: taxMissing,
      reason: taxMissing.length ? `Missing: ${list(taxMissing.map((f) => f.toUpperCase()))} (printed on every receipt)` : "TIN and VRN are set",
      href: "/admin/settings?tab=company",
    },
    {
      id: "categories",
      done: total > 0 && withoutAttributes.length === 0,
      total,
      withoutAttributes: withoutAttributes.length,
      examples: withoutAttributes.slice(0, FIRST_DAY_EXAMPLES),
      reason:
        total === 0
          ? "No categories yet"
          : withoutAttributes.length
            ? `${plural(withoutAttributes.length, "category", "categories")} without attributes: ${list(withoutAttributes.slice(0, FIRST_DAY_EXAMPLES))}${withoutAttributes.length > FIRST_DAY_EXAMPLES ? ", …" : ""}`
            : `${plural(total, "category", "categories")}, each with its attributes`,
      href: "/admin/categories",
    },
    {
      id: "catalogue",
      done: onSale > 0 && withoutPicture === 0,
      onSale,
      withoutPicture,
      reason:
        onSale === 0
          ? "No products on sale yet"
          : withoutPicture
            ? `${plural(onSale, "product")} on sale, ${withoutPicture} without a picture`
            : `${plural(onSale, "product")} on sale, each with its picture`,
      href: onSale === 0 ? "/admin/products/new" : "/admin/products",
    },
    {
      id: "payments",
      done: facts.paymentProvider === "clickpesa",
      provider: facts.paymentProvider,
      reason:
        facts.paymentProvider === "clickpesa"
          ? "ClickPesa takes real payments"
          : "Payments go to the built-in sandbox, which takes no money: set CLICKPESA_CLIENT_ID, CLICKPESA_API_KEY and CLICKPESA_CHECKSUM_KEY on the server",
      href: "/admin/settings?tab=payments",
    },
    {
      id: "sms",
      done: facts.smsProvider === "africastalking",
      provider: facts.smsProvider,
      reason:
        facts.smsProvider === "africastalking"
          ? "Africa's Talking sends the shop's SMS from its sender ID"
          : "The shop cannot send SMS yet: they go to the built-in sandbox. Register a sender ID with Africa's Talking and set AT_USERNAME, AT_API_KEY and AT_SENDER_ID on the server (README: SMS via Africa's Talking)",
      href: "/admin/settings?tab=notifications",
    },
  ];
  return { items, done: items.filter((item) => item.done).length, total: items.length };
}

/** The cookie that remembers an admin closed the checklist: the items missing then, so a newly missing one opens it again. */
export const FIRST_DAY_COOKIE = "admin_first_day";

/** Whether the checklist opens: while anything is missing that was not missing when the admin last closed it. */
export function firstDayOpen(checklist: FirstDayChecklist, closedWith: string | undefined): boolean {
  const missing = checklist.items.filter((i) => !i.done).map((i) => i.id);
  if (missing.length === 0) return false;
  if (!closedWith) return true;
  const known = new Set(closedWith.split("."));
  return missing.some((id) => !known.has(id));
}
