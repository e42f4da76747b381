import { BACK_ORDER_PAYMENTS } from "@/lib/back-orders";
import { LOCALES, type Locale } from "@/lib/locale";
import { REFUSAL_FEE_RULES, type PayOnDeliverySettings } from "@/lib/pay-on-delivery";
import { RETURN_METHODS } from "@/lib/returns";
import { POPULAR_BASES, REVIEW_MODERATION_MODES } from "@/lib/reviews";
import { LOCALIZED_SETTING_PATHS, type SiteSettingKey } from "@/lib/site-settings";

/**
 * How each setting is edited: its path in the settings (dotted) and the kind of input. The tabs
 * group every setting the shop has; each tab saves (and resets) the top-level settings its fields
 * belong to, so no top-level setting appears in two tabs.
 */
export type FieldKind =
  | "text"
  | "textarea"
  | "email"
  | "tel"
  | "color"
  | "int"
  | "decimal"
  | "bool"
  | "select"
  | "multi"
  | "lines"
  | "time"
  | "pairs"
  | "tiers"
  /** a range of days, "1-2" (delivery estimates) */
  | "range"
  /** a range of days per region, one "region = 2-4" a line */
  | "ranges"
  /** public holidays, one "2026-12-09 = Independence Day / Siku ya Uhuru" a line, "~" instead of "=" for an approximate date */
  | "holidays";

export interface FieldSpec {
  path: string;
  kind: FieldKind;
  options?: readonly string[];
  /** the catalogue key of the hint under the input (a list's box has its kind's own hint when absent) */
  hint?:
    | "pairsHint"
    | "factorsHint"
    | "pricePerCm2Hint"
    | "whatsappHint"
    | `payOnDeliveryHints.${PayOnDeliveryField}`
    | `backOrderHints.${BackOrderHinted}`
    | `reviewHints.${ReviewHinted}`;
  /** a text a shopper reads: one input per language, each at `<path>.<locale>` */
  localized?: true;
}

/** A text setting a shopper reads: an input per language. */
const inLanguages = (path: (typeof LOCALIZED_SETTING_PATHS)[number], kind: "text" | "textarea"): FieldSpec => ({ path, kind, localized: true });

/** The languages a localized field has an input for, English first (its text stands in for an empty one). */
export const FIELD_LOCALES: readonly Locale[] = ["en", ...LOCALES.filter((l) => l !== "en")];

/** The paths of a field's inputs: the field's own, or one per language. */
export function inputPaths(field: FieldSpec): string[] {
  return field.localized ? FIELD_LOCALES.map((locale) => `${field.path}.${locale}`) : [field.path];
}

/** The hint under a list's box, by kind: one item per line, "key = value" pairs, "quantity = percent" tiers. */
export const LIST_HINTS: Partial<Record<FieldKind, "onePerLine" | "pairsHint" | "tiersHint" | "rangeHint" | "rangesHint" | "holidaysHint">> = {
  lines: "onePerLine",
  pairs: "pairsHint",
  tiers: "tiersHint",
  range: "rangeHint",
  ranges: "rangesHint",
  holidays: "holidaysHint",
};

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

const f = (path: string, kind: FieldKind, options?: readonly string[]): FieldSpec => ({ path, kind, ...(options ? { options } : {}) });
type PayOnDeliveryField = keyof PayOnDeliverySettings;
/** A pay-on-delivery setting, with its own hint (what the rule does to an order). */
const onDelivery = (field: PayOnDeliveryField, kind: FieldKind, options?: readonly string[]): FieldSpec => ({
  ...f(`payOnDelivery.${field}`, kind, options),
  hint: `payOnDeliveryHints.${field}`,
});
const factors = (path: string, hint: FieldSpec["hint"]): FieldSpec => ({ path, kind: "pairs", hint });
/** The back-order settings that need a word on what they do to a shopper's order. */
type BackOrderHinted = "payment" | "depositPercent" | "balanceDays";
const backOrder = (field: BackOrderHinted, kind: FieldKind, options?: readonly string[]): FieldSpec => ({
  ...f(`backOrders.${field}`, kind, options),
  hint: `backOrderHints.${field}`,
});
/** The review settings, each with a word on what it does (src/lib/reviews.ts). */
type ReviewHinted = "moderation" | "buyersAnswer" | "popularBasis" | "popularTopPercent" | "inviteAfterDays";
const review = (path: string, kind: FieldKind, hint: ReviewHinted, options?: readonly string[]): FieldSpec => ({
  ...f(`reviews.${path}`, kind, options),
  hint: `reviewHints.${hint}`,
});
/** the dispatch days' choices, Monday first as the shop's week reads */
const ESTIMATE_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const hours = WEEKDAYS.flatMap((day) => [
  f(`businessHours.${day}.closed`, "bool"),
  f(`businessHours.${day}.open`, "time"),
  f(`businessHours.${day}.close`, "time"),
]);

export const SETTINGS_TABS = [
  {
    id: "company",
    fields: [
      f("companyName", "text"),
      inLanguages("companyTagline", "textarea"),
      f("companyLogo", "text"),
      inLanguages("mainHeadline", "text"),
      f("heroBackgroundImage", "text"),
      f("heroTaglineAlignment", "select", ["left", "center", "right"]),
      f("contactEmail", "email"),
      f("contactPhone", "text"),
      { path: "whatsappNumber", kind: "tel", hint: "whatsappHint" },
      inLanguages("address", "textarea"),
      f("fiscal.tin", "text"),
      f("fiscal.vrn", "text"),
      f("fiscal.vfdSerial", "text"),
    ],
  },
  {
    id: "appearance",
    fields: [
      f("companyColor", "color"),
      f("colors.primary", "color"),
      f("colors.secondary", "color"),
      f("colors.accent", "color"),
      f("theme", "select", ["white", "gray", "dark"]),
      f("serviceImageRotationTime", "int"),
      f("serviceImages.retail", "lines"),
      f("serviceImages.prototyping", "lines"),
      f("serviceImages.pcb", "lines"),
      f("serviceImages.ai", "lines"),
      f("serviceImages.logistics", "lines"),
      f("serviceImages.stem", "lines"),
      f("serviceImages.home", "lines"),
    ],
  },
  {
    id: "currency",
    fields: [
      f("currency", "select", ["TZS", "USD", "EUR"]),
      f("supportedCurrencies", "multi", ["TZS", "USD", "EUR"]),
      f("timezone", "text"),
      f("language", "select", ["en", "sw"]),
    ],
  },
  {
    id: "layout",
    fields: [
      f("productsPerRow.mobile", "int"),
      f("productsPerRow.tablet", "int"),
      f("productsPerRow.desktop", "int"),
      f("cardSpacing", "int"),
      f("cardRadius", "int"),
      f("navigation.opacity", "decimal"),
      f("navigation.showCategories", "bool"),
      f("navigation.sticky", "bool"),
      f("footer.columns", "int"),
      f("footer.showNewsletter", "bool"),
      f("footer.showPaymentBadges", "bool"),
    ],
  },
  {
    id: "cart",
    fields: [
      f("cart.showTaxes", "bool"),
      f("cart.showShippingEstimate", "bool"),
      f("cart.shippingCost", "int"),
      f("orderHold.mobileMoneyMinutes", "int"),
      f("orderHold.cardMinutes", "int"),
      f("orderHold.bankTransferHours", "int"),
      f("inventory.lowStockThreshold", "int"),
      backOrder("payment", "select", BACK_ORDER_PAYMENTS),
      backOrder("depositPercent", "int"),
      backOrder("balanceDays", "int"),
      f("backOrders.maxWaitDays", "int"),
      f("stockAlerts.holdHours", "int"),
    ],
  },
  { id: "notifications", fields: [f("notifications.orderEmails", "bool"), f("notifications.marketingEmails", "bool")] },
  {
    id: "security",
    fields: [
      f("security.sessionTimeout", "int"),
      f("security.maxLoginAttempts", "int"),
      f("security.lockoutMinutes", "int"),
      f("security.requireAdmin2fa", "bool"),
    ],
  },
  { id: "performance", fields: [f("performance.adRotationTime", "int"), f("performance.productsPageSize", "int")] },
  { id: "seo", fields: [inLanguages("seo.title", "text"), inLanguages("seo.description", "textarea"), f("seo.keywords", "lines")] },
  {
    id: "social",
    fields: [
      f("socialLinks.facebook", "text"),
      f("socialLinks.twitter", "text"),
      f("socialLinks.instagram", "text"),
      f("socialLinks.linkedin", "text"),
      f("socialLinks.youtube", "text"),
    ],
  },
  {
    id: "payments",
    fields: [
      f("paymentSettings.methods", "multi", ["mobile_money", "card", "bank_transfer"]),
      f("paymentSettings.mobileMoneyProviders", "lines"),
      f("bankTransfer.bankName", "text"),
      f("bankTransfer.accountName", "text"),
      f("bankTransfer.accountNumber", "text"),
      f("bankTransfer.branch", "text"),
      f("bankTransfer.swift", "text"),
      onDelivery("enabled", "bool"),
      onDelivery("maxOrderTotal", "int"),
      onDelivery("newCustomerOrders", "int"),
      onDelivery("maxOpenUnitsPerProduct", "int"),
      onDelivery("refusalFee", "select", REFUSAL_FEE_RULES),
    ],
  },
  {
    id: "delivery",
    fields: [
      f("delivery.courierRegions", "lines"),
      f("delivery.sameDay.enabled", "bool"),
      f("delivery.sameDay.fee", "int"),
      f("delivery.sameDay.cutoff", "time"),
      f("delivery.parcel.enabled", "bool"),
      f("delivery.parcel.defaultFee", "int"),
      f("delivery.parcel.fees", "pairs"),
      inLanguages("delivery.parcel.departure", "text"),
      f("delivery.pickup.enabled", "bool"),
      // delivery estimates ("arrives Tue 3 – Thu 5 Dec", src/lib/delivery-estimate.ts)
      f("deliveryEstimates.cutoff", "time"),
      f("deliveryEstimates.dispatchDays", "multi", ESTIMATE_WEEKDAYS),
      f("deliveryEstimates.courier", "range"),
      f("deliveryEstimates.sameDay", "range"),
      f("deliveryEstimates.parcel.defaultDays", "range"),
      f("deliveryEstimates.parcel.regions", "ranges"),
      f("deliveryEstimates.pickup", "range"),
      f("deliveryEstimates.holidays", "holidays"),
    ],
  },
  { id: "vat", fields: [f("vatRates.mainland", "decimal"), f("vatRates.zanzibar", "decimal")] },
  {
    id: "returns",
    fields: [
      f("returns.windowDays", "int"),
      f("returns.methods", "multi", RETURN_METHODS),
      inLanguages("returns.conditions.unused", "text"),
      inLanguages("returns.conditions.notSoldered", "text"),
      inLanguages("returns.conditions.notCut", "text"),
    ],
  },
  {
    id: "coins",
    fields: [
      f("loyalty.enabled", "bool"),
      f("loyalty.shillingsPerStep", "int"),
      f("loyalty.coinsPerStep", "int"),
      f("loyalty.coinValue", "int"),
      f("loyalty.maxSharePercent", "int"),
      f("loyalty.expiryMonths", "int"),
    ],
  },
  {
    id: "pricing",
    fields: [
      f("pcbPricing.setupFee", "int"),
      f("pcbPricing.minimumOrder", "int"),
      factors("pcbPricing.pricePerCm2", "pricePerCm2Hint"),
      factors("pcbPricing.thickness", "factorsHint"),
      factors("pcbPricing.finish", "factorsHint"),
      factors("pcbPricing.colour", "factorsHint"),
      f("pcbPricing.quantityBreaks", "tiers"),
      f("bulkPricingTiers", "tiers"),
    ],
  },
  { id: "hours", fields: hours },
  {
    id: "reviews",
    fields: [
      review("moderation", "select", "moderation", REVIEW_MODERATION_MODES),
      review("buyersAnswer", "bool", "buyersAnswer"),
      review("popular.basis", "select", "popularBasis", POPULAR_BASES),
      review("popular.topPercent", "int", "popularTopPercent"),
      review("inviteAfterDays", "int", "inviteAfterDays"),
    ],
  },
] as const satisfies readonly { id: string; fields: readonly FieldSpec[] }[];

export type SettingsTabId = (typeof SETTINGS_TABS)[number]["id"];

/** The top-level settings a tab's fields belong to: what it saves and resets. */
export function tabKeys(fields: readonly FieldSpec[]): SiteSettingKey[] {
  return [...new Set(fields.map((field) => field.path.split(".")[0] as SiteSettingKey))];
}

/** The value at a dotted path of an object. */
export function valueAt(source: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, part) => (value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined), source);
}

/** A copy of `source` with the value at a dotted path replaced (the objects on the way are copied, nothing else). */
export function withValueAt<T>(source: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split(".");
  const object = (source ?? {}) as Record<string, unknown>;
  return { ...object, [head!]: rest.length ? withValueAt(object[head!], rest.join("."), value) : value } as T;
}

/** A range of days as typed: "1-2", or "1" for one day. */
function rangeText(value: unknown): string {
  const range = (value ?? {}) as { min?: unknown; max?: unknown };
  return range.min === range.max ? String(range.min ?? "") : `${String(range.min ?? "")}-${String(range.max ?? "")}`;
}

/** A typed range: "1-2" or "1"; anything else stays text for the settings check to name. */
function rangeValue(text: string): unknown {
  const trimmed = text.trim();
  const match = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(trimmed);
  return match ? { min: Number(match[1]), max: Number(match[2] ?? match[1]) } : trimmed;
}

/** The text an input shows for a value of a kind (lists one per line, pairs as "key = value"). */
export function textOf(kind: FieldKind, value: unknown): string {
  if (kind === "range") return rangeText(value);
  if (kind === "ranges")
    return value && typeof value === "object"
      ? Object.entries(value as Record<string, unknown>)
          .map(([key, v]) => `${key} = ${rangeText(v)}`)
          .join("\n")
      : "";
  if (kind === "holidays")
    return Array.isArray(value)
      ? value
          .map((h: { date?: unknown; name?: { en?: unknown; sw?: unknown }; approximate?: unknown }) => {
            const en = String(h?.name?.en ?? "");
            const sw = String(h?.name?.sw ?? "");
            return `${String(h?.date ?? "")} ${h?.approximate ? "~" : "="} ${sw && sw !== en ? `${en} / ${sw}` : en}`;
          })
          .join("\n")
      : "";
  if (kind === "lines") return Array.isArray(value) ? value.join("\n") : "";
  if (kind === "tiers")
    return Array.isArray(value)
      ? value
          .map((tier: { minQuantity?: unknown; percentOff?: unknown }) => `${String(tier?.minQuantity ?? "")} = ${String(tier?.percentOff ?? "")}`)
          .join("\n")
      : "";
  if (kind === "pairs")
    return value && typeof value === "object"
      ? Object.entries(value as Record<string, unknown>)
          .map(([key, v]) => `${key} = ${String(v)}`)
          .join("\n")
      : "";
  return value === undefined || value === null ? "" : String(value);
}

/**
 * The value an input's text stands for. A number that does not read as one stays text, so the
 * settings check reports it (as the wrong type) rather than the form guessing; a "pairs" line
 * without "=" is kept whole as a key with no number, which the check refuses the same way.
 */
export function valueOf(kind: FieldKind, text: string): unknown {
  const trimmed = text.trim();
  switch (kind) {
    case "int":
      return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
    case "decimal": {
      const normal = trimmed.replace(",", ".");
      return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : trimmed;
    }
    case "lines":
      return text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    case "pairs":
      return Object.fromEntries(
        text
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const [key, amount] = line.split("=").map((part) => part.trim());
            return [key!, amount !== undefined && /^\d+$/.test(amount) ? Number(amount) : (amount ?? "")];
          }),
      );
    case "range":
      return rangeValue(text);
    case "ranges":
      return Object.fromEntries(
        text
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const [key, range] = line.split("=").map((part) => part.trim());
            return [key!, rangeValue(range ?? "")];
          }),
      );
    case "holidays":
      // "date = English / Kiswahili", "~" for a date not announced yet; a line that does not read stays its date for the check to name
      return text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const match = /^(\S+)\s*([=~])\s*(.*)$/.exec(line);
          if (!match) return { date: line, name: { en: "", sw: "" }, approximate: false };
          const [en = "", sw = ""] = match[3]!.split("/").map((part) => part.trim());
          return { date: match[1]!, name: { en, sw: sw || en }, approximate: match[2] === "~" };
        });
    case "tiers":
      // "from quantity = percent off"; a part that is not a number stays text for the check to name
      return text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [quantity, percent] = line.split("=").map((part) => part.trim());
          const number = (part: string | undefined) => (part !== undefined && /^\d+(\.\d+)?$/.test(part) ? Number(part) : (part ?? ""));
          return { minQuantity: number(quantity), percentOff: number(percent) };
        });
    default:
      return text;
  }
}
