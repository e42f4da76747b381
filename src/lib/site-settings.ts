import { z } from "zod";
import type { Locale } from "./locale";
import { normaliseTanzanianMobile } from "./phone";
import { backOrderSettingsSchema, DEFAULT_BACK_ORDER_SETTINGS } from "./back-orders";
import { DEFAULT_PAY_ON_DELIVERY, payOnDeliverySettingsSchema } from "./pay-on-delivery";
import { DEFAULT_DELIVERY_ESTIMATES, deliveryEstimatesSchema } from "./delivery-estimate";
import { DEFAULT_RETURNS_SETTINGS, returnsSettingsSchema } from "./returns";
import { DEFAULT_REVIEW_SETTINGS, reviewSettingsSchema } from "./reviews";

/**
 * A text a shopper reads, in each of the shop's languages. A plain string is still taken (from an
 * older client, or a row stored before the texts had languages) and stands for both.
 */
export interface LocalizedText {
  en: string;
  sw: string;
}

function localizedText(max: number) {
  const text = z.string().max(max);
  return z.preprocess((value) => (typeof value === "string" ? { en: value, sw: value } : value), z.object({ en: text, sw: text }).strict());
}

/** A text setting in a language: its own words, or the English ones where that language's were left empty. */
export function textIn(text: LocalizedText, locale: Locale): string {
  return text[locale].trim() ? text[locale] : text.en;
}

/** The site settings and their defaults; the server merges stored values over these. */
const dayHours = z.object({ open: z.string().regex(/^\d{2}:\d{2}$/), close: z.string().regex(/^\d{2}:\d{2}$/), closed: z.boolean() });
const imageList = z.array(z.string().max(500)).max(20);
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const shillings = z.number().int().min(0).max(10_000_000);
const regionCode = z.string().regex(/^[a-z-]{2,40}$/);
/** a VAT rate in percent, at most two decimals (18, 15, 16.5) */
const vatPercent = z.number().min(0).max(50).multipleOf(0.01);

/**
 * How orders travel and what that costs. Courier delivery is for the courier regions (Dar es Salaam)
 * at `cart.shippingCost`, free when every line is free-delivery; same day in those regions when every
 * line allows it and the order comes before the cut-off (shop time); elsewhere a bus parcel, at the
 * region's fee, collected by the shopper at a bus office there; pick-up at the shop is free.
 */
const deliverySettings = z.object({
  courierRegions: z.array(regionCode).max(31),
  sameDay: z.object({ enabled: z.boolean(), fee: shillings, cutoff: z.string().regex(/^\d{2}:\d{2}$/) }),
  parcel: z.object({
    enabled: z.boolean(),
    defaultFee: shillings,
    fees: z.record(regionCode, shillings),
    /** where parcels leave from, named on the order */
    departure: localizedText(200),
  }),
  pickup: z.object({ enabled: z.boolean() }),
});

/**
 * The shop's WhatsApp number, where the "Order on WhatsApp" button opens a chat: a Tanzanian mobile
 * number (the shop's phone rules, src/lib/phone.ts), taken as people type it and stored in E.164
 * (+255754123456); empty: no button. A landline or a foreign number is refused, since the button
 * would open a chat nobody can answer.
 */
const whatsappNumber = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    if (!value.trim()) return "";
    const e164 = normaliseTanzanianMobile(value);
    if (e164) return e164;
    ctx.addIssue({ code: "custom", message: "must be a Tanzanian mobile number, or empty", params: { problem: "mobile" }, input: value });
    return z.NEVER;
  });

/** a multiplier in percent (100 = the base price, 135 = 35 % more) */
const percentFactor = z.number().int().min(50).max(500);

/**
 * The PCB service's indicative price (src/lib/pcb-pricing.ts has the formula): a setup fee per
 * order, a price per cm² of board by layer count, a discount on the boards by quantity, and
 * multipliers (percent) for thickness, surface finish and solder-mask colour, never below the
 * minimum order. All in whole shillings, VAT included, like every price of the shop.
 */
const pcbPricingSettings = z.object({
  setupFee: shillings,
  pricePerCm2: z.object({
    "1": z.number().int().min(0).max(100_000),
    "2": z.number().int().min(0).max(100_000),
    "4": z.number().int().min(0).max(100_000),
    "6": z.number().int().min(0).max(100_000),
  }),
  quantityBreaks: z.array(z.object({ minQuantity: z.number().int().min(2).max(100_000), percentOff: z.number().int().min(0).max(90) })).max(10),
  thickness: z.object({ "0.8": percentFactor, "1.0": percentFactor, "1.2": percentFactor, "1.6": percentFactor, "2.0": percentFactor }),
  finish: z.object({ hasl: percentFactor, "hasl-lead-free": percentFactor, enig: percentFactor }),
  colour: z.object({ green: percentFactor, black: percentFactor, blue: percentFactor, red: percentFactor, white: percentFactor, yellow: percentFactor }),
  minimumOrder: shillings,
});

/**
 * The shop's quantity discounts: from a line's quantity, a percent off its price, in the cart, the
 * checkout and the BOM matcher, for products without prices by quantity of their own (a product's
 * own replace them, never both: src/lib/price-breaks.ts).
 */
const bulkPricingTiers = z.array(z.object({ minQuantity: z.number().int().min(2).max(1_000_000), percentOff: z.number().min(0).max(90) })).max(10);

export const siteSettingsSchema = z.object({
  companyName: z.string().min(1).max(80),
  companyColor: hex,
  companyTagline: localizedText(200),
  companyLogo: z.string().max(500),
  mainHeadline: localizedText(120),
  heroBackgroundImage: z.string().max(500),
  heroTaglineAlignment: z.enum(["left", "center", "right"]),
  /**
   * Pictures per service, rotated on the home page's service cards every serviceImageRotationTime
   * seconds: retail for electronics, prototyping, pcb, ai and logistics (stem and home are not shown
   * there). A service without pictures shows its category's best-selling product images.
   */
  serviceImages: z.object({
    retail: imageList,
    prototyping: imageList,
    pcb: imageList,
    ai: imageList,
    stem: imageList,
    home: imageList,
    // added later: a stored value from before it keeps its other lists
    logistics: imageList.default([]),
  }),
  serviceImageRotationTime: z.number().int().min(1).max(120),
  contactEmail: z.string().email().max(200),
  contactPhone: z.string().max(40),
  whatsappNumber,
  address: localizedText(300),
  currency: z.enum(["TZS", "USD", "EUR"]),
  supportedCurrencies: z.array(z.enum(["TZS", "USD", "EUR"])).min(1),
  timezone: z.string().max(60),
  language: z.enum(["en", "sw"]),
  theme: z.enum(["white", "gray", "dark"]),
  colors: z.object({ primary: hex, secondary: hex, accent: hex }),
  navigation: z.object({ opacity: z.number().min(0).max(1), showCategories: z.boolean(), sticky: z.boolean() }),
  footer: z.object({ columns: z.number().int().min(1).max(6), showNewsletter: z.boolean(), showPaymentBadges: z.boolean() }),
  productsPerRow: z.object({
    mobile: z.number().int().min(1).max(4),
    tablet: z.number().int().min(2).max(6),
    desktop: z.number().int().min(2).max(8),
  }),
  cardSpacing: z.number().int().min(0).max(48),
  cardRadius: z.number().int().min(0).max(32),
  cart: z.object({ showTaxes: z.boolean(), showShippingEstimate: z.boolean(), shippingCost: z.number().int().min(0) }),
  notifications: z.object({ orderEmails: z.boolean(), marketingEmails: z.boolean() }),
  security: z.object({
    sessionTimeout: z.number().int().min(5).max(1440),
    maxLoginAttempts: z.number().int().min(1).max(20),
    lockoutMinutes: z.number().int().min(1).max(1440),
    /** administrators must use two-step sign-in (TOTP) before the admin pages and calls open; a stored value from before this field gets the default */
    requireAdmin2fa: z.boolean().default(true),
  }),
  performance: z.object({ adRotationTime: z.number().int().min(2).max(300), productsPageSize: z.number().int().min(1).max(100) }),
  seo: z.object({ title: localizedText(120), description: localizedText(300), keywords: z.array(z.string().max(60)).max(30) }),
  socialLinks: z.object({
    facebook: z.string().max(300),
    twitter: z.string().max(300),
    instagram: z.string().max(300),
    linkedin: z.string().max(300),
    youtube: z.string().max(300),
  }),
  paymentSettings: z.object({
    methods: z.array(z.enum(["card", "mobile_money", "bank_transfer"])),
    mobileMoneyProviders: z.array(z.string().max(40)),
  }),
  delivery: deliverySettings,
  /** VAT rates by destination, in percent; prices are VAT-inclusive */
  vatRates: z.object({ mainland: vatPercent, zanzibar: vatPercent }),
  /** how long an unpaid order holds its stock before it is cancelled */
  orderHold: z.object({
    mobileMoneyMinutes: z.number().int().min(5).max(1440),
    cardMinutes: z.number().int().min(5).max(1440),
    bankTransferHours: z.number().int().min(1).max(720),
  }),
  /** the seller's tax registration, printed on fiscal receipts and invoices */
  fiscal: z.object({ tin: z.string().max(20), vrn: z.string().max(20), vfdSerial: z.string().max(40) }),
  /** where a bank transfer goes; bank transfer is offered only when an account number is set */
  bankTransfer: z.object({
    bankName: z.string().max(100),
    accountName: z.string().max(100),
    accountNumber: z.string().max(40),
    branch: z.string().max(100),
    swift: z.string().max(20),
  }),
  /**
   * Loyalty coins (src/lib/coins.ts): a paid order earns `coinsPerStep` coins per full
   * `shillingsPerStep` of goods paid (after discounts, delivery excluded); a coin takes `coinValue`
   * shillings off a later order, for at most `maxSharePercent` % of its goods; coins lapse
   * `expiryMonths` after they are credited. `enabled` false: nothing is earned or spent.
   */
  loyalty: z
    .object({
      enabled: z.boolean(),
      shillingsPerStep: z.number().int().min(1).max(10_000_000),
      coinsPerStep: z.number().int().min(1).max(1000),
      coinValue: z.number().int().min(1).max(100_000),
      maxSharePercent: z.number().int().min(0).max(100),
      expiryMonths: z.number().int().min(1).max(120),
    })
    .default({ enabled: true, shillingsPerStep: 1000, coinsPerStep: 1, coinValue: 10, maxSharePercent: 20, expiryMonths: 12 }),
  /** the admin dashboard lists products with at most this many in stock; a stored value from before this field gets the default */
  inventory: z.object({ lowStockThreshold: z.number().int().min(0).max(100_000) }).default({ lowStockThreshold: 5 }),
  /** "notify me": how long units that came back are kept for the shoppers told of them (0: not kept); a stored value from before this field gets the default */
  stockAlerts: z.object({ holdHours: z.number().int().min(0).max(168) }).default({ holdHours: 0 }),
  /** pay on delivery (src/lib/pay-on-delivery.ts); a stored value from before this field gets the default */
  payOnDelivery: payOnDeliverySettingsSchema.default(DEFAULT_PAY_ON_DELIVERY),
  /** delivery estimates (src/lib/delivery-estimate.ts): days per method and region, cut-off, dispatch days, holidays; a stored value from before this field gets the default */
  deliveryEstimates: deliveryEstimatesSchema.default(DEFAULT_DELIVERY_ESTIMATES),
  /**
   * TEST ONLY: the instant the shop's clock reads (src/server/delivery/shop-clock.ts), honoured and
   * accepted on save only while the server runs with SHOP_TEST_CLOCK=1; null: the real time
   */
  testClock: z.iso.datetime({ offset: true }).nullable().default(null),
  /** back-orders (src/lib/back-orders.ts): how they are paid, the longest wait a shopper may choose; a stored value from before this field gets the default */
  backOrders: backOrderSettingsSchema.default(DEFAULT_BACK_ORDER_SETTINGS),
  /** returns and warranty claims (src/lib/returns.ts): the window, the checklist's texts, how goods come back; a stored value from before this field gets the default */
  returns: returnsSettingsSchema.default(DEFAULT_RETURNS_SETTINGS),
  /** reviews and questions (src/lib/reviews.ts): moderation, buyers' answers, the "Popular" badge, invitations; a stored value from before this field gets the default */
  reviews: reviewSettingsSchema.default(DEFAULT_REVIEW_SETTINGS),
  businessHours: z.object({
    monday: dayHours,
    tuesday: dayHours,
    wednesday: dayHours,
    thursday: dayHours,
    friday: dayHours,
    saturday: dayHours,
    sunday: dayHours,
  }),
  pcbPricing: pcbPricingSettings,
  bulkPricingTiers,
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;

const weekday = { open: "09:00", close: "18:00", closed: false };

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: "Kilima Electronics",
  companyColor: "#0f766e",
  companyTagline: {
    en: "Components, prototyping and engineering services for Tanzania",
    sw: "Vipuri, prototaipu na huduma za kihandisi kwa Tanzania",
  },
  companyLogo: "/logo.svg",
  mainHeadline: { en: "Quality-Trusted Component Store", sw: "Duka la Vipuri Vyenye Ubora Unaoaminika" },
  heroBackgroundImage: "",
  heroTaglineAlignment: "left",
  serviceImages: { retail: [], prototyping: [], pcb: [], ai: [], stem: [], home: [], logistics: [] },
  serviceImageRotationTime: 5,
  contactEmail: "support@kilima-electronics.co.tz",
  contactPhone: "+255 754 000 000",
  // no button until the shop names a number that has WhatsApp (the demo seed gives the demo shop one)
  whatsappNumber: "",
  address: { en: "Kariakoo, Msimbazi Street, Dar es Salaam, Tanzania", sw: "Mtaa wa Msimbazi, Kariakoo, Dar es Salaam, Tanzania" },
  currency: "TZS",
  supportedCurrencies: ["TZS", "USD", "EUR"],
  timezone: "Africa/Dar_es_Salaam",
  language: "en",
  theme: "white",
  colors: { primary: "#0f766e", secondary: "#1e293b", accent: "#f59e0b" },
  navigation: { opacity: 0.95, showCategories: true, sticky: true },
  footer: { columns: 5, showNewsletter: true, showPaymentBadges: true },
  productsPerRow: { mobile: 3, tablet: 4, desktop: 5 },
  cardSpacing: 16,
  cardRadius: 12,
  cart: { showTaxes: true, showShippingEstimate: true, shippingCost: 5000 },
  notifications: { orderEmails: true, marketingEmails: false },
  security: { sessionTimeout: 30, maxLoginAttempts: 5, lockoutMinutes: 15, requireAdmin2fa: true },
  performance: { adRotationTime: 10, productsPageSize: 20 },
  seo: {
    title: { en: "Kilima Electronics — Quality-Trusted Component Store", sw: "Kilima Electronics — Duka la Vipuri Vyenye Ubora Unaoaminika" },
    description: {
      en: "Electronic components, development boards, sensors, tools, PCB printing and engineering services in Tanzania. Prices in TSh.",
      sw: "Vipuri vya kielektroniki, bodi za uundaji, vihisi, zana, uchapishaji wa PCB na huduma za kihandisi nchini Tanzania. Bei kwa TSh.",
    },
    keywords: ["electronics", "arduino", "esp32", "components", "Tanzania", "Dar es Salaam", "PCB"],
  },
  socialLinks: {
    facebook: "/social/facebook",
    twitter: "/social/twitter",
    instagram: "/social/instagram",
    linkedin: "/social/linkedin",
    youtube: "/social/youtube",
  },
  paymentSettings: {
    methods: ["card", "mobile_money", "bank_transfer"],
    mobileMoneyProviders: ["M-Pesa", "Mixx by Yas", "Airtel Money", "HaloPesa"],
  },
  delivery: {
    courierRegions: ["dar-es-salaam"],
    sameDay: { enabled: true, fee: 10_000, cutoff: "14:00" },
    parcel: {
      enabled: true,
      defaultFee: 12_000,
      fees: { pwani: 8_000, morogoro: 8_000, dodoma: 10_000, tanga: 10_000, "urban-west": 15_000 },
      departure: { en: "Magufuli Bus Terminal, Mbezi", sw: "Kituo cha Mabasi cha Magufuli, Mbezi" },
    },
    pickup: { enabled: true },
  },
  vatRates: { mainland: 18, zanzibar: 15 },
  orderHold: { mobileMoneyMinutes: 30, cardMinutes: 30, bankTransferHours: 72 },
  fiscal: { tin: "", vrn: "", vfdSerial: "" },
  bankTransfer: { bankName: "", accountName: "", accountNumber: "", branch: "", swift: "" },
  loyalty: { enabled: true, shillingsPerStep: 1000, coinsPerStep: 1, coinValue: 10, maxSharePercent: 20, expiryMonths: 12 },
  inventory: { lowStockThreshold: 5 },
  stockAlerts: { holdHours: 0 },
  payOnDelivery: DEFAULT_PAY_ON_DELIVERY,
  deliveryEstimates: DEFAULT_DELIVERY_ESTIMATES,
  testClock: null,
  backOrders: DEFAULT_BACK_ORDER_SETTINGS,
  returns: DEFAULT_RETURNS_SETTINGS,
  reviews: DEFAULT_REVIEW_SETTINGS,
  businessHours: {
    monday: weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: weekday,
    friday: weekday,
    saturday: { open: "09:00", close: "16:00", closed: false },
    sunday: { open: "10:00", close: "14:00", closed: false },
  },
  pcbPricing: {
    setupFee: 30_000,
    pricePerCm2: { "1": 60, "2": 90, "4": 220, "6": 380 },
    quantityBreaks: [
      { minQuantity: 10, percentOff: 5 },
      { minQuantity: 50, percentOff: 10 },
      { minQuantity: 100, percentOff: 15 },
    ],
    thickness: { "0.8": 110, "1.0": 105, "1.2": 100, "1.6": 100, "2.0": 115 },
    finish: { hasl: 100, "hasl-lead-free": 110, enig: 135 },
    colour: { green: 100, black: 110, blue: 110, red: 110, white: 110, yellow: 110 },
    minimumOrder: 50_000,
  },
  bulkPricingTiers: [
    { minQuantity: 10, percentOff: 3 },
    { minQuantity: 50, percentOff: 5 },
    { minQuantity: 100, percentOff: 8 },
  ],
};

/** The dotted paths of the settings a shopper reads, with a text per language. */
export const LOCALIZED_SETTING_PATHS = [
  "companyTagline",
  "mainHeadline",
  "address",
  "seo.title",
  "seo.description",
  "delivery.parcel.departure",
  "returns.conditions.unused",
  "returns.conditions.notSoldered",
  "returns.conditions.notCut",
] as const;

/**
 * The English-only defaults these texts had before they had a text per language. A row stored
 * then with the default unchanged (a tab saved as it was) reads as today's default in both
 * languages; any other plain string is the admin's own words and stands for both.
 */
const ENGLISH_ONLY_DEFAULTS: Record<(typeof LOCALIZED_SETTING_PATHS)[number], string> = {
  companyTagline: "Components, prototyping and engineering services for Tanzania",
  mainHeadline: "Quality-Trusted Component Store",
  address: "Kariakoo, Msimbazi Street, Dar es Salaam, Tanzania",
  "seo.title": "Kilima Electronics — Quality-Trusted Component Store",
  "seo.description": "Electronic components, development boards, sensors, tools, PCB printing and engineering services in Tanzania. Prices in TSh.",
  "delivery.parcel.departure": "Magufuli Bus Terminal, Mbezi",
  // the return checklist had both languages from the start: a plain string equal to the English default reads as today's pair
  "returns.conditions.unused": DEFAULT_RETURNS_SETTINGS.conditions.unused.en,
  "returns.conditions.notSoldered": DEFAULT_RETURNS_SETTINGS.conditions.notSoldered.en,
  "returns.conditions.notCut": DEFAULT_RETURNS_SETTINGS.conditions.notCut.en,
};

/** A stored value with each English-only default of its texts replaced by today's default pair. */
function withTodaysDefaults(key: string, value: unknown): unknown {
  let out = value;
  for (const path of LOCALIZED_SETTING_PATHS) {
    const [head, ...rest] = path.split(".");
    if (head !== key) continue;
    const parents = rest.slice(0, -1);
    let holder: unknown = out;
    for (const part of parents) holder = holder && typeof holder === "object" ? (holder as Record<string, unknown>)[part] : undefined;
    const leaf = rest.length ? rest[rest.length - 1]! : null;
    const current = leaf === null ? holder : holder && typeof holder === "object" ? (holder as Record<string, unknown>)[leaf] : undefined;
    if (current !== ENGLISH_ONLY_DEFAULTS[path]) continue;
    const replacement = path.split(".").reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], DEFAULT_SITE_SETTINGS);
    if (leaf === null) out = replacement;
    else {
      // copies along the path, so the stored object itself is never changed
      const copy = structuredClone(out) as Record<string, unknown>;
      let target = copy;
      for (const part of parents) target = target[part] as Record<string, unknown>;
      target[leaf] = replacement;
      out = copy;
    }
  }
  return out;
}

/**
 * Stored values over the defaults, key by key; a stored value that no longer fits the schema
 * (an old or hand-edited row) is ignored rather than breaking every page. A text stored as a plain
 * string (before texts had languages) is read for both languages.
 */
export function mergeSiteSettings(stored: Record<string, unknown>): SiteSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const [key, raw] of Object.entries(stored)) {
    const value = withAddedFields(key, withTodaysDefaults(key, raw));
    const field = siteSettingsSchema.shape[key as SiteSettingKey];
    if (!field) continue;
    const parsed = field.safeParse(value);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as SiteSettings;
}

/**
 * Object settings that gained fields after shops had saved them: a stored value takes today's
 * defaults for the fields it lacks, so an earlier save keeps its own values instead of failing to
 * parse and falling back to the defaults whole.
 */
const SETTINGS_WITH_ADDED_FIELDS: readonly SiteSettingKey[] = ["backOrders", "reviews"];

function withAddedFields(key: string, value: unknown): unknown {
  if (!(SETTINGS_WITH_ADDED_FIELDS as readonly string[]).includes(key) || !value || typeof value !== "object" || Array.isArray(value)) return value;
  return { ...(DEFAULT_SITE_SETTINGS[key as SiteSettingKey] as object), ...value };
}

/**
 * The settings the storefront renders (name, colours, headline, layout, contact, footer, payment
 * badges, SEO, hours): what the public `GET /api/admin/settings` answers. Picked, not omitted, so a
 * new setting stays private until it is added here. The security policy (session timeout, lockout
 * rules), the notification switches and the low-stock threshold are for admins only.
 */
export const PUBLIC_SITE_SETTING_KEYS = [
  "companyName",
  "companyColor",
  "companyTagline",
  "companyLogo",
  "mainHeadline",
  "heroBackgroundImage",
  "heroTaglineAlignment",
  "serviceImages",
  "serviceImageRotationTime",
  "contactEmail",
  "contactPhone",
  // the "Order on WhatsApp" button opens a chat with it
  "whatsappNumber",
  "address",
  "currency",
  "supportedCurrencies",
  "timezone",
  "language",
  "theme",
  "colors",
  "navigation",
  "footer",
  "productsPerRow",
  "cardSpacing",
  "cardRadius",
  "cart",
  "performance",
  "seo",
  "socialLinks",
  "paymentSettings",
  "delivery",
  "vatRates",
  "orderHold",
  "bankTransfer",
  // the seller's TIN and VRN are printed on every receipt: public by nature
  "fiscal",
  "businessHours",
  "pcbPricing",
  "bulkPricingTiers",
  // the checkout states when pay on delivery is offered (its ceiling, the refusal fee)
  "payOnDelivery",
  // the delivery days, cut-off and holidays the estimates are made of are the shop's public word
  "deliveryEstimates",
  // the return policy (window, conditions, ways back) is stated to every shopper
  "returns",
  // the coin rule is stated to every shopper (the coins page, the checkout)
  "loyalty",
  // the checkout states how a back-order is paid and the longest wait a shopper may choose
  "backOrders",
  // the "notify me" dialog states how long a unit is held for the shopper told first
  "stockAlerts",
  // the review form states whether a review waits for the shop; the product page whether buyers may answer
  "reviews",
] as const satisfies readonly SiteSettingKey[];

export type PublicSiteSettings = Pick<SiteSettings, (typeof PUBLIC_SITE_SETTING_KEYS)[number]>;

export function publicSiteSettings(settings: SiteSettings): PublicSiteSettings {
  return Object.fromEntries(PUBLIC_SITE_SETTING_KEYS.map((key) => [key, settings[key]])) as PublicSiteSettings;
}

/** A problem with one setting's value: where (a dotted path such as "colors.primary") and what, for the form to word. */
export interface SettingProblem {
  path: string;
  /** tooShort, tooLong (text, lists), tooSmall, tooBig (numbers), format, choice, type, mobile (not a Tanzanian mobile number), unknown */
  problem: "tooShort" | "tooLong" | "tooSmall" | "tooBig" | "format" | "choice" | "type" | "mobile" | "unknown";
  limit?: number;
  message: string;
}

/**
 * Checks settings values (any subset of the keys) against the schema: the values as stored (with
 * defaults filled in) or every problem with its path. The admin form and the API run this same
 * check, so the form's errors are the server's.
 */
export function checkSiteSettings(values: Record<string, unknown>): { ok: true; values: Partial<SiteSettings> } | { ok: false; problems: SettingProblem[] } {
  const parsed = siteSettingsSchema.partial().strict().safeParse(values);
  // only the keys sent: a partial schema would still fill in the keys that have defaults (loyalty, inventory)
  if (parsed.success)
    return { ok: true, values: Object.fromEntries(Object.keys(values).map((key) => [key, parsed.data[key as SiteSettingKey]])) as Partial<SiteSettings> };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const path = issue.path.map(String).join(".");
      const text = issue.code === "unrecognized_keys" ? `unknown setting ${issue.keys.join(", ")}` : issue.message;
      const base = { path: issue.code === "unrecognized_keys" ? issue.keys.join(".") : path, message: `${path || "settings"}: ${text}` };
      const numeric = "origin" in issue && (issue.origin === "number" || issue.origin === "int");
      switch (issue.code) {
        case "too_small":
          return { ...base, problem: numeric ? "tooSmall" : "tooShort", limit: Number(issue.minimum) };
        case "too_big":
          return { ...base, problem: numeric ? "tooBig" : "tooLong", limit: Number(issue.maximum) };
        case "invalid_format":
        case "not_multiple_of":
          return { ...base, problem: "format" };
        case "invalid_value":
          return { ...base, problem: "choice" };
        case "invalid_type":
          return { ...base, problem: "type" };
        case "custom":
          return { ...base, problem: issue.params?.problem === "mobile" ? "mobile" : "unknown" };
        default:
          return { ...base, problem: "unknown" };
      }
    }),
  };
}

/** The defaults of some settings (a reset of one, several or all). */
export function defaultSiteSettings(keys: readonly SiteSettingKey[]): Partial<SiteSettings> {
  return Object.fromEntries(keys.map((key) => [key, DEFAULT_SITE_SETTINGS[key]])) as Partial<SiteSettings>;
}

export const SITE_SETTING_KEYS = Object.keys(siteSettingsSchema.shape) as SiteSettingKey[];
