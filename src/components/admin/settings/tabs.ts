import { BACK_ORDER_PAYMENTS } from "@/lib/back-orders";
import { REFUSAL_FEE_RULES } from "@/lib/pay-on-delivery";
import { RETURN_METHODS } from "@/lib/returns";
import { POPULAR_BASES, REVIEW_MODERATION_MODES } from "@/lib/reviews";
import { LOCALIZED_SETTING_PATHS, type SiteSettingKey } from "@/lib/site-settings";
import type { BackOrderHinted, FieldKind, FieldSpec, PayOnDeliveryField, ReviewHinted } from "./fields";

/**
 * The settings editor's tabs and the fields on each. The tabs group every setting the shop has;
 * each tab saves (and resets) the top-level settings its fields belong to, so no top-level setting
 * appears in two tabs.
 */

/** A text setting a shopper reads: an input per language. */
const inLanguages = (path: (typeof LOCALIZED_SETTING_PATHS)[number], kind: "text" | "textarea"): FieldSpec => ({ path, kind, localized: true });

/** The days of the week, Monday first as the shop's week reads (opening hours, dispatch days). */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

const f = (path: string, kind: FieldKind, options?: readonly string[]): FieldSpec => ({ path, kind, ...(options ? { options } : {}) });
/** A pay-on-delivery setting, with its own hint (what the rule does to an order). */
const onDelivery = (field: PayOnDeliveryField, kind: FieldKind, options?: readonly string[]): FieldSpec => ({
  ...f(`payOnDelivery.${field}`, kind, options),
  hint: `payOnDeliveryHints.${field}`,
});
const factors = (path: string, hint: FieldSpec["hint"]): FieldSpec => ({ path, kind: "pairs", hint });
const backOrder = (field: BackOrderHinted, kind: FieldKind, options?: readonly string[]): FieldSpec => ({
  ...f(`backOrders.${field}`, kind, options),
  hint: `backOrderHints.${field}`,
});
const review = (path: string, kind: FieldKind, hint: ReviewHinted, options?: readonly string[]): FieldSpec => ({
  ...f(`reviews.${path}`, kind, options),
  hint: `reviewHints.${hint}`,
});
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
      f("deliveryEstimates.dispatchDays", "multi", WEEKDAYS),
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
