import { sql } from "drizzle-orm";
import {
  bigint,
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DELIVERY_METHODS, ORDER_STATUSES, PAYMENT_METHODS } from "@/lib/checkout";
import { REFUND_METHODS, REFUND_STATUSES } from "@/lib/refunds";
import { HIDDEN_REASONS, MODERATION_STATUSES } from "@/lib/reviews";
import type { PrimaryValue, VariantConfig } from "@/lib/variants";
import type { ProductSnapshot } from "@/lib/catalog-import";
import type { WhatsAppTemplate } from "../notify/providers";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  /** the Kiswahili name shown to Kiswahili readers; null falls back to `name` */
  nameSw: text("name_sw"),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * Where an old category or brand slug leads after a rename or a merge: links shared before keep
 * working (`kind` is "category" or "brand"; a later rename updates the old entries, so there is
 * never a chain).
 */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    kind: text("kind", { enum: ["category", "brand"] }).notNull(),
    oldSlug: text("old_slug").notNull(),
    newSlug: text("new_slug").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.oldSlug] })],
);

export const brands = pgTable("brands", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
});

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    // Names are kept on the row as well so the weighted search vector can be a generated column.
    category: text("category").notNull(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    brand: text("brand").notNull(),
    sku: text("sku").notNull().unique(),
    price: integer("price").notNull(),
    originalPrice: integer("original_price").notNull(),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    /** units that came back faulty from returns: counted, never sold (migration 0044) */
    faultyQuantity: integer("faulty_quantity").notNull().default(0),
    /** a warranty in days after delivery, longer than the shop's return window (null: the window only) */
    warrantyDays: integer("warranty_days"),
    inStock: boolean("in_stock").generatedAlwaysAs(sql`stock_quantity > 0`),
    freeDelivery: boolean("free_delivery").notNull().default(false),
    sameDayDelivery: boolean("same_day_delivery").notNull().default(false),
    /** the average and count of its published reviews, demo ones included while the shop runs on demo data (kept by a trigger, migration 0047) */
    rating: real("rating").notNull().default(0),
    reviews: integer("reviews").notNull().default(0),
    /** published reviews giving 1 … 5 stars */
    ratingCounts: integer("rating_counts")
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0}'`),
    /** the average and count of real (non-demo) published reviews: what structured data for search engines says */
    realRating: real("real_rating").notNull().default(0),
    realReviews: integer("real_reviews").notNull().default(0),
    salesCount: integer("sales_count").notNull().default(0),
    variantConfig: jsonb("variant_config").$type<VariantConfig | null>(),
    /** how many pieces one unit sold holds (a pack of 100 resistors is one unit at one price) */
    packSize: integer("pack_size").notNull().default(1),
    /** the datasheet PDF's media-store key and size; generated from the shop's own data when `datasheetGenerated` */
    datasheetKey: text("datasheet_key"),
    datasheetBytes: integer("datasheet_bytes"),
    datasheetGenerated: boolean("datasheet_generated").notNull().default(false),
    /** the manufacturer's own page for the datasheet, shown beside the shop's copy */
    datasheetUrl: text("datasheet_url"),
    // Taken off sale by an admin: kept (orders and their history name it), shown to shoppers nowhere.
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** stock on its way: how many and when they are expected (both or neither, CHECK products_incoming) */
    incomingQuantity: integer("incoming_quantity"),
    incomingDate: date("incoming_date", { mode: "string" }),
    /** "imported on demand": the usual wait in weeks when none is in stock or on its way */
    onDemandWeeks: integer("on_demand_weeks"),
    /** may be ordered beyond its stock, the rest waiting on the order line until stock arrives (migration 0045) */
    allowBackorder: boolean("allow_backorder").notNull().default(false),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      // the name with its part numbers as engineers type them (search_part_terms, migration 0031: "MQ-2" → mq2)
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', search_part_terms(coalesce(name, ''))), 'A') || setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Plain ascending (column, id) indexes: a descending sort with the id in the same direction
    // reads them backwards, so every sort of the listing stops after `limit` rows.
    // Every sort of the shop's listing (featured and best-selling, price, newest, name, rating),
    // with and without a category, has an index of the products on sale only that also carries
    // the category and the price (INCLUDE, written in migrations 0051 and 0052; drizzle cannot say
    // it): a filtered listing's walk and its capped count then never visit the table.
    index("products_listing_sales_idx")
      .on(t.salesCount, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_listing_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_listing_price_idx")
      .on(t.price, t.id)
      .where(sql`${t.archivedAt} is null`),
    // a category's listing in each sort order reads its own index and stops after the page; a
    // sort index alone would step over every other category's products first (seconds at 1M)
    index("products_listing_category_sales_idx")
      .on(t.categoryId, t.salesCount, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_listing_category_created_idx")
      .on(t.categoryId, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_listing_category_price_idx")
      .on(t.categoryId, t.price, t.id)
      .where(sql`${t.archivedAt} is null`),
    // the name and rating sorts likewise (migration 0052)
    index("products_listing_category_name_idx")
      .on(t.categoryId, t.name, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_listing_category_rating_idx")
      .on(t.categoryId, t.rating, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_brand_idx").on(t.brandId),
    // the admin's list (archived products too) in its newest-first order
    index("products_created_idx").on(t.createdAt, t.id),
    // the admin dashboard's low-stock list: a range read however large the catalogue
    index("products_stock_idx").on(t.stockQuantity, t.id),
    index("products_listing_rating_idx")
      .on(t.rating, t.id)
      .where(sql`${t.archivedAt} is null`),
    // the "Popular" badge's threshold by reviews reads down from the top (migration 0049)
    index("products_reviews_idx").on(t.reviews, t.id),
    index("products_archived_idx")
      .on(t.id)
      .where(sql`${t.archivedAt} is not null`),
    index("products_listing_name_idx")
      .on(t.name, t.id)
      .where(sql`${t.archivedAt} is null`),
    // search by image finds images first, then the products that show them
    index("products_image_idx").on(t.image, t.salesCount.desc(), t.id),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    check(
      "products_incoming",
      sql`(${t.incomingQuantity} is null) = (${t.incomingDate} is null) and (${t.incomingQuantity} is null or ${t.incomingQuantity} between 1 and 1000000) and (${t.onDemandWeeks} is null or ${t.onDemandWeeks} between 1 and 104)`,
    ),
    check("products_return_counts", sql`${t.faultyQuantity} >= 0 and (${t.warrantyDays} is null or ${t.warrantyDays} between 1 and 3650)`),
  ],
);

/**
 * One narrow row per product for text search (kept in step with `products` by triggers, migration
 * 0018): the filters the listing applies and the search vectors, which are stored out of line
 * (TOAST), so a search reads a few bytes per matching product instead of its whole row. A search
 * takes its most popular matches here, then ranks those few by relevance on `products`.
 */
export const searchRank = pgTable(
  "search_rank",
  {
    productId: integer("product_id").primaryKey(),
    popularity: integer("popularity").notNull(),
    categoryId: integer("category_id").notNull(),
    brandId: integer("brand_id").notNull(),
    price: integer("price").notNull(),
    stockQuantity: integer("stock_quantity").notNull(),
    /** the name's words and part numbers: search_vector's weight-A part (what the ranking's "every word in the name" tests) */
    nameVector: tsvector("name_vector").notNull(),
    /** products.search_vector: name, brand, category and description */
    vector: tsvector("vector").notNull(),
  },
  (t) => [index("search_rank_vector_idx").using("gin", t.vector), index("search_rank_name_vector_idx").using("gin", t.nameVector)],
);

/**
 * One row per product on sale with specifications (kept by triggers, migrations 0053-0056): its
 * distinct values counted into the facets, their tokens for the spec filters' GIN index, and copies
 * of the columns a listing filters and sorts by, so a listing with spec filters counts and pages its
 * matches from these rows alone. Written by the database only.
 */
export const specFacetSets = pgTable("spec_facet_sets", {
  productId: integer("product_id").primaryKey(),
  categoryId: integer("category_id").notNull(),
  vals: jsonb("vals").notNull(),
  tokens: text("tokens").array(),
  brandId: integer("brand_id"),
  price: integer("price"),
  stockQuantity: integer("stock_quantity"),
  salesCount: integer("sales_count"),
  rating: real("rating"),
  createdAt: timestamp("created_at", { withTimezone: true }),
  name: text("name"),
});

export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    combinationId: text("combination_id").notNull(),
    sku: text("sku").notNull().unique(),
    price: integer("price").notNull(),
    stock: integer("stock").notNull().default(0),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    multiValues: jsonb("multi_values").$type<Record<string, string[]>>().notNull().default({}),
    primaryValues: jsonb("primary_values").$type<PrimaryValue[]>().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("product_variants_combination_idx").on(t.productId, t.combinationId)],
);

/** How a specification's value is kept: a number in a base SI unit, a value from a list, or yes/no. */
export const SPEC_KINDS = ["number", "list", "boolean"] as const;

/**
 * The attributes a category's products are chosen by (migration 0030): names in both languages,
 * the kind and base unit, whether the listing offers it as a filter, and whether alternatives to a
 * product must match it (`isKey`).
 */
export const specAttributes = pgTable(
  "spec_attributes",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    nameEn: text("name_en").notNull(),
    nameSw: text("name_sw").notNull(),
    kind: text("kind", { enum: SPEC_KINDS }).notNull(),
    /** the base unit of a number ("ohm", "farad", …); null for lists and yes/no */
    unit: text("unit"),
    /** a list's known values, in display order */
    options: jsonb("options").$type<string[]>().notNull().default([]),
    isFilter: boolean("is_filter").notNull().default(true),
    isKey: boolean("is_key").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("spec_attributes_category_key_idx").on(t.categoryId, t.key)],
);

/**
 * A product's specification values, one narrow row per value (a product whose options change a
 * spec has one row per option, with `variantId`). `num` holds numbers exactly in the attribute's
 * base unit, `text` list values and "true"/"false"; `categoryId` follows the product's (trigger).
 */
export const productSpecs = pgTable(
  "product_specs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").notNull(),
    key: text("key").notNull(),
    num: numeric("num"),
    text: text("text"),
  },
  (t) => [
    // INCLUDE (num, text, category_id) in migration 0052: a listing checks a product's values, and
    // the facet counts read a few products' values in their category, from the index alone
    index("product_specs_product_values_idx").on(t.productId, t.key),
    index("product_specs_category_idx").on(t.categoryId, t.key, t.num, t.text, t.productId),
    // an option's deletion cascades here by variant_id (migration 0033)
    index("product_specs_variant_idx")
      .on(t.variantId)
      .where(sql`${t.variantId} is not null`),
  ],
);

/**
 * Prices by quantity: from `minQuantity` units on, each costs `price` (VAT-inclusive whole
 * shillings). A row without a variant applies to every option without breaks of its own.
 */
export const priceBreaks = pgTable("price_breaks", {
  id: serial("id").primaryKey(),
  productId: integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
  minQuantity: integer("min_quantity").notNull(),
  price: integer("price").notNull(),
});

export const advertisements = pgTable(
  "advertisements",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    mediaType: text("media_type", { enum: ["image", "video"] }).notNull(),
    mediaUrl: text("media_url").notNull(),
    posterUrl: text("poster_url"),
    linkUrl: text("link_url"),
    placement: text("placement").notNull().default("products"),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** the ad shows from this moment (null: already) until `endsAt` (null: until switched off) */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("advertisements_placement_idx").on(t.placement, t.active, t.sortOrder)],
);

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Newsletter sign-ups (footer box). The address is stored normalised (trimmed, lower case), so
 * the unique constraint also catches duplicates that differ only in case or spaces; consent_at
 * records when the person agreed to marketing e-mail (Personal Data Protection Act 2022).
 */
export const newsletterSubscription = pgTable(
  "newsletter_subscription",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    source: text("source").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    /** set when the owner clicked the link of the confirmation e-mail; only confirmed addresses get the newsletter */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [check("newsletter_subscription_email_normalised", sql`${t.email} = lower(btrim(${t.email}))`)],
);

/**
 * Links in newsletter e-mails: `confirm` (single use, two days) and `unsubscribe` (in every mail,
 * valid for a year). Only a SHA-256 of the token is stored; unsubscribing deletes the subscription
 * and, with it, every token of the address.
 */
export const newsletterTokens = pgTable(
  "newsletter_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => newsletterSubscription.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["confirm", "unsubscribe"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("newsletter_tokens_subscription_idx").on(t.subscriptionId)],
);

/** Shoppers and admins. E-mail is stored trimmed and lower-cased, so it is unique whatever the case. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    fullName: text("full_name").notNull(),
    phone: text("phone"),
    company: text("company"),
    passwordHash: text("password_hash").notNull(),
    /** rider: staff who take pay-on-delivery orders out and see only the deliveries given to them */
    role: text("role", { enum: ["user", "rider", "admin"] })
      .notNull()
      .default("user"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** set when `phone` was confirmed by a one-time code (a number typed in the profile is not) */
    phoneConfirmedAt: timestamp("phone_confirmed_at", { withTimezone: true }),
    /** the shopper's language for pages and e-mails; null until chosen */
    locale: text("locale", { enum: ["sw", "en"] }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while an administrator has locked the account: it cannot sign in and its sessions end,
     * until an administrator unlocks it (unlike `login_locks`, which lift themselves).
     */
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedReason: text("locked_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_email_normalised", sql`${t.email} = lower(btrim(${t.email}))`),
    check("users_locale_known", sql`${t.locale} in ('sw', 'en')`),
    // the admin dashboard's recent sign-ups
    index("users_created_idx").on(t.createdAt),
  ],
);

/** Signed-in sessions: only a SHA-256 of the cookie's random token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: boolean("remember").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use links sent by e-mail (verify the address, reset the password); stored hashed. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify-email", "reset-password"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

/**
 * Failed sign-ins per e-mail address, whether or not an account has it: the lock behaves the same
 * for known and unknown addresses, so it reveals nothing, and it lives in the database so every
 * app server sees it.
 */
export const loginLocks = pgTable("login_locks", {
  email: text("email").primaryKey(),
  failedCount: integer("failed_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Two-step sign-in (TOTP) of an account. The secret is stored encrypted when TOTP_ENCRYPTION_KEY is
 * set ("enc:v1:..."), else as base32 text. A row without `enabledAt` is an enrolment waiting for its
 * first code. `lastUsedStep` is the time step of the last accepted code, so no code works twice.
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes for two-step sign-in: only a SHA-256 of each is kept. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose password was right and whose second step is awaited: a short-lived, single-use
 * token (stored hashed) that carries what the session will be opened with.
 */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: boolean("remember").notNull().default(false),
    redirect: text("redirect"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Requests per e-mail address and action (registering, signing in, asking for a link) in a fixed
 * window, for the strict per-address-of-mail limits; in the database so every app server counts
 * together. Keyed by a hash of the action and the address: the table keeps no addresses.
 */
export const rateCounters = pgTable("rate_counters", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowEnds: timestamp("window_ends", { withTimezone: true }).notNull(),
});

/** Security events for the admin SIEM view: sign-ins, failures, lockouts, resets, admin changes. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    type: text("type").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    detail: jsonb("detail"),
  },
  (t) => [
    index("security_events_at_idx").on(t.at),
    index("security_events_ip_type_at_idx").on(t.ip, t.type, t.at),
    // the security view's filters by account and by type, newest first
    index("security_events_email_id_idx").on(t.email, t.id),
    index("security_events_type_id_idx").on(t.type, t.id),
    // a customer's page: their events, newest first
    index("security_events_user_id_idx").on(t.userId, t.id),
  ],
);

/**
 * The catalogue's audit trail: every price or stock change an admin makes, with the values before
 * and after (`{field: {before, after}}`), who made it and why. Kept when the admin's account goes.
 */
export const productChanges = pgTable(
  "product_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    adminEmail: text("admin_email"),
    changes: jsonb("changes").$type<Record<string, { before: number; after: number }>>().notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_changes_product_idx").on(t.productId, t.createdAt)],
);

/** A signed-in shopper's cart: one item per product, holding one line per variant. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cart_items_user_product_idx").on(t.userId, t.productId)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => cartItems.id, { onDelete: "cascade" }),
    variantId: text("variant_id").notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cart_lines_item_variant_idx").on(t.itemId, t.variantId), check("cart_lines_quantity_range", sql`${t.quantity} between 1 and 999`)],
);

/** Guest-cart merges already applied, so a retried sign-in never adds the same lines twice. */
export const cartMerges = pgTable(
  "cart_merges",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mergeId: text("merge_id").notNull(),
    result: jsonb("result").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mergeId] })],
);

/**
 * One vector per distinct product image file (bulk products share files) and embedder (`model`).
 * Keyed by both: while a new embedder's vectors are being computed, searches keep using the
 * previous embedder's complete set, which is deleted only once the new set is complete. Where the
 * database has pgvector, migration 0008 adds a generated `vec` column (vector) beside `embedding`;
 * elsewhere the app searches an in-process copy of these rows.
 */
export const imageEmbeddings = pgTable(
  "image_embeddings",
  {
    image: text("image").notNull(),
    model: text("model").notNull(),
    embedding: real("embedding").array().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.image, t.model] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The keypoints of every distinct product image file (src/server/image-search/keypoints.ts for the
 * record), per extractor (its settings and version): search by image checks which pictures a photo
 * shows by them. Like the vectors, a new extractor's are computed beside the old ones, which are
 * deleted once every picture has the new.
 */
export const imageKeypoints = pgTable(
  "image_keypoints",
  {
    image: text("image").notNull(),
    extractor: text("extractor").notNull(),
    keypoints: bytea("keypoints").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.image, t.extractor] })],
);

/**
 * Every e-mail the shop sends, written in the same transaction as the work that asks for it and
 * sent later by a background worker (src/server/mail): a request never waits for a mail server,
 * and a mail server that is down delays mail instead of failing requests. `pending` and `failed`
 * rows are due at `next_attempt_at`; a worker claims rows (`sending`, until `locked_until`, after
 * which another worker may take them again); after the last attempt a row is `dead`. The body
 * (which may hold a one-time link) is emptied once a row is sent or dead. The recipient and the
 * requesting client address also count the per-address and per-client mail quotas.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>(),
    dedupeKey: text("dedupe_key").unique(),
    clientIp: text("client_ip"),
    state: text("state", { enum: ["pending", "sending", "sent", "failed", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.state, t.nextAttemptAt),
    index("mail_outbox_recipient_idx").on(t.recipient, t.createdAt),
    index("mail_outbox_client_idx").on(t.clientIp, t.createdAt),
    check("mail_outbox_state", sql`${t.state} in ('pending', 'sending', 'sent', 'failed', 'dead')`),
  ],
);

/**
 * A shopper's saved delivery addresses; the one used last pre-fills the checkout. The phone is
 * stored in E.164 (+255...), the region as its code from src/lib/tanzania-regions.ts.
 */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    region: text("region").notNull(),
    district: text("district").notNull(),
    ward: text("ward").notNull().default(""),
    street: text("street").notNull().default(""),
    landmark: text("landmark").notNull().default(""),
    /** the bus office a parcel is collected at (bus parcel upcountry), "" for other addresses */
    parcelOffice: text("parcel_office").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.lastUsedAt)],
);

/** Order numbers (KE-2026-000123): one sequence, so numbers are unique across app servers. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1, increment: 1 });

/**
 * An order: what was bought, where it goes and how it is paid, with the money fixed at placement
 * (whole shillings, VAT-inclusive; net and VAT beside each gross). The contact and address are
 * copied, not referenced, so the order stays as it was placed. `holdUntil` is when an unpaid order
 * is cancelled and its stock released. `(userId, idempotencyKey)` is unique: a repeated submit
 * finds the first order instead of placing a second.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** a hash of the request that placed the order: the same key with another request is refused */
    requestHash: text("request_hash").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("awaiting_payment"),
    /** null: a guest who gave no e-mail address (told by SMS only) */
    email: text("email"),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    /** a guest's order (no account): the mobile number it was placed with, E.164 */
    guestPhone: text("guest_phone"),
    /** when that number was confirmed (a one-time code, or the mobile-money payment from it): only then can an account claim the order */
    guestPhoneConfirmedAt: timestamp("guest_phone_confirmed_at", { withTimezone: true }),
    deliveryMethod: text("delivery_method", { enum: DELIVERY_METHODS }).notNull(),
    region: text("region"),
    district: text("district"),
    ward: text("ward"),
    street: text("street"),
    landmark: text("landmark"),
    notes: text("notes"),
    /** parcel: the bus office where the shopper collects */
    parcelOffice: text("parcel_office"),
    /** mainland or zanzibar: which VAT rate applied */
    vatZone: text("vat_zone", { enum: ["mainland", "zanzibar"] }).notNull(),
    subtotal: integer("subtotal").notNull(),
    deliveryFee: integer("delivery_fee").notNull(),
    deliveryVat: integer("delivery_vat").notNull(),
    vatTotal: integer("vat_total").notNull(),
    /** the coupon's reduction of the goods (spread over the lines), and the code that gave it */
    discount: integer("discount").notNull().default(0),
    couponCode: text("coupon_code"),
    /** loyalty coins spent on the order, and the shillings they took off the goods */
    coinsSpent: integer("coins_spent").notNull().default(0),
    coinsValue: integer("coins_value").notNull().default(0),
    total: integer("total").notNull(),
    currency: text("currency").notNull().default("TZS"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    /** mobile money: the wallet the shopper chose (never inferred from the number) */
    wallet: text("wallet"),
    paymentPhone: text("payment_phone"),
    /** the buyer's TIN/VRN, for businesses claiming input VAT */
    buyerTin: text("buyer_tin"),
    locale: text("locale", { enum: ["sw", "en"] })
      .notNull()
      .default("sw"),
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** pay on delivery: the confirmed number its limits count against */
    onDeliveryPhone: text("on_delivery_phone"),
    /** pay on delivery: the rider taking it out, and since when */
    riderUserId: integer("rider_user_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    riderAssignedAt: timestamp("rider_assigned_at", { withTimezone: true }),
    /** the days the order was promised to arrive (pick-up: be ready), shop time, moved when it slips (migration 0041) */
    promisedFrom: date("promised_from", { mode: "string" }),
    promisedTo: date("promised_to", { mode: "string" }),
    /** when the promise last slipped (the shopper was told), and how many times */
    promiseSlippedAt: timestamp("promise_slipped_at", { withTimezone: true }),
    promiseSlips: integer("promise_slips").notNull().default(0),
    /** store credit spent on the order: part of its payment (the total and VAT stay as sold), migration 0043 */
    storeCreditSpent: integer("store_credit_spent").notNull().default(0),
    /** back-orders: the shopper's "refund me if not here by" date (shop time), null when none was chosen */
    backorderRefundBy: date("backorder_refund_by", { mode: "string" }),
    /** the order's units still awaiting stock (the sum of its lines'): while any wait it cannot ship whole */
    waitingUnits: integer("waiting_units").notNull().default(0),
    /**
     * back-orders paid by deposit (migration 0046): the first payment's amount (null: paid in full),
     * the value of the units still bought on deposit, the balance still owed and what balance
     * payments brought, when the balance was asked for and when it was paid
     */
    depositAmount: integer("deposit_amount"),
    depositGoodsValue: integer("deposit_goods_value").notNull().default(0),
    balanceDue: integer("balance_due").notNull().default(0),
    balancePaid: integer("balance_paid").notNull().default(0),
    balanceRequestedAt: timestamp("balance_requested_at", { withTimezone: true }),
    balancePaidAt: timestamp("balance_paid_at", { withTimezone: true }),
    /** when its buyer was invited to review what it held, some days after delivery (once; migration 0049) */
    reviewInvitedAt: timestamp("review_invited_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    uniqueIndex("orders_guest_idempotency_idx")
      .on(t.guestPhone, t.idempotencyKey)
      .where(sql`${t.userId} is null and ${t.guestPhone} is not null`),
    index("orders_guest_phone_idx")
      .on(t.guestPhone)
      .where(sql`${t.guestPhone} is not null`),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_hold_idx").on(t.status, t.holdUntil),
    index("orders_created_idx").on(t.createdAt),
    // the admin dashboard's revenue: orders paid in a period
    index("orders_paid_idx").on(t.paidAt),
    // the slip job and the admin's late orders
    index("orders_promised_to_idx")
      .on(t.promisedTo, t.status)
      .where(sql`${t.promisedTo} is not null`),
    check(
      "orders_money",
      sql`${t.subtotal} >= 0 and ${t.deliveryFee} >= 0 and ${t.discount} >= 0 and ${t.coinsValue} >= 0 and ${t.discount} + ${t.coinsValue} <= ${t.subtotal} and ${t.total} = ${t.subtotal} - ${t.discount} - ${t.coinsValue} + ${t.deliveryFee}`,
    ),
  ],
);

/** A line of an order, priced when placed: gross = net + vat, in whole shillings, with the rate in basis points. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    variantId: text("variant_id").notNull(),
    name: text("name").notNull(),
    sku: text("sku").notNull(),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    net: integer("net").notNull(),
    vat: integer("vat").notNull(),
    gross: integer("gross").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    /** this line's part of the order's coupon discount and coins (gross is after it) */
    discount: integer("discount").notNull().default(0),
    /** back-orders (migration 0045): units still awaiting stock, the date they were expected when sold, units of the waiting part cancelled, units dispatched */
    backorderedQuantity: integer("backordered_quantity").notNull().default(0),
    backorderExpectedOn: date("backorder_expected_on", { mode: "string" }),
    cancelledQuantity: integer("cancelled_quantity").notNull().default(0),
    shippedQuantity: integer("shipped_quantity").notNull().default(0),
    /** units bought on deposit whose balance is still owed (migration 0046): those in stock are held until it is paid */
    depositUnits: integer("deposit_units").notNull().default(0),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_product_idx").on(t.productId),
    index("order_lines_waiting_idx")
      .on(t.productId, t.orderId)
      .where(sql`${t.backorderedQuantity} > 0`),
    check(
      "order_lines_parts",
      sql`${t.backorderedQuantity} >= 0 and ${t.cancelledQuantity} >= 0 and ${t.shippedQuantity} >= 0 and ${t.backorderedQuantity} + ${t.cancelledQuantity} + ${t.shippedQuantity} <= ${t.quantity}`,
    ),
    check(
      "order_lines_money",
      sql`${t.quantity} > 0 and ${t.gross} = ${t.net} + ${t.vat} and ${t.discount} >= 0 and ${t.gross} = ${t.unitPrice} * ${t.quantity} - ${t.discount}`,
    ),
  ],
);

/** The status timeline of an order: every change, with who made it (a shopper, an admin, the system). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    actor: text("actor", { enum: ["shopper", "admin", "system", "provider"] }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.at),
    // the review invitations' job reads a window of deliveries (migration 0049)
    index("order_events_status_at_idx").on(t.status, t.at),
  ],
);

/**
 * One attempt to pay an order with a provider. The reference is unique per attempt and stored
 * before the provider is called, so a callback always finds its attempt. An attempt is `paid` only
 * when a verified callback and a status query agree on reference, amount and currency.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    reference: text("reference").notNull().unique(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    wallet: text("wallet"),
    phone: text("phone"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** what the attempt pays: the order (its total, or its deposit) or, for a deposit order, its balance (migration 0046) */
    purpose: text("purpose", { enum: ["order", "balance"] })
      .notNull()
      .default("order"),
    status: text("status", { enum: ["pending", "paid", "failed", "expired", "cancelled"] })
      .notNull()
      .default("pending"),
    providerPaymentId: text("provider_payment_id"),
    /** a verified callback said paid; the status query must agree before the order is paid */
    callbackStatus: text("callback_status"),
    lastProviderStatus: text("last_provider_status"),
    checks: integer("checks").notNull().default(0),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_order_idx").on(t.orderId), index("payments_due_idx").on(t.status, t.nextCheckAt)],
);

/** Every payment callback received, verified or not: the audit trail of what providers said. */
export const paymentCallbacks = pgTable(
  "payment_callbacks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    reference: text("reference"),
    verified: boolean("verified").notNull(),
    outcome: text("outcome").notNull(),
    payload: jsonb("payload"),
    ip: text("ip"),
  },
  (t) => [index("payment_callbacks_reference_idx").on(t.reference)],
);

/** Gap-free receipt counters: `global` and one row per business day (`day:YYYY-MM-DD`). */
export const fiscalCounters = pgTable("fiscal_counters", {
  key: text("key").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull(),
});

/**
 * The receipt of a paid order, with what a TRA Virtual Fiscal Device receipt carries. Issued in the
 * transaction that marks the order paid, so counters have no gaps; sent to the fiscal device through
 * `fiscal_outbox`. It is a fiscal receipt only once a fiscal device (a VFD, TRA's service) has
 * accepted it: then `fiscalConfirmedAt` is set with the verification code and address the device
 * gave. The shop's local journal confirms nothing, so its receipts stay plain receipts.
 */
export const fiscalReceipts = pgTable(
  "fiscal_receipts",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** "sale": the order's one receipt; an order paid by deposit has a "deposit" and a "balance" receipt (migration 0046) */
    kind: text("kind", { enum: ["sale", "deposit", "balance"] })
      .notNull()
      .default("sale"),
    receiptNumber: text("receipt_number").notNull().unique(),
    globalCounter: bigint("global_counter", { mode: "number" }).notNull().unique(),
    dailyCounter: integer("daily_counter").notNull(),
    businessDay: text("business_day").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    sellerTin: text("seller_tin").notNull(),
    sellerVrn: text("seller_vrn").notNull(),
    /** TRA's verification code and the address a buyer checks it at: given by the fiscal device, null until it confirms */
    verificationCode: text("verification_code").unique(),
    qrPayload: text("qr_payload"),
    fiscalConfirmedAt: timestamp("fiscal_confirmed_at", { withTimezone: true }),
    totals: jsonb("totals").$type<{ net: number; vat: number; gross: number; rates: { rateBp: number; net: number; vat: number }[] }>().notNull(),
  },
  (t) => [
    uniqueIndex("fiscal_receipts_day_counter_idx").on(t.businessDay, t.dailyCounter),
    uniqueIndex("fiscal_receipts_order_kind_idx").on(t.orderId, t.kind),
  ],
);

/** Receipts waiting to be sent to the fiscal device, in order, with retries. */
export const fiscalOutbox = pgTable(
  "fiscal_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    receiptId: integer("receipt_id")
      .notNull()
      .unique()
      .references(() => fiscalReceipts.id),
    state: text("state", { enum: ["pending", "sending", "sent", "failed", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("fiscal_outbox_due_idx").on(t.state, t.nextAttemptAt, t.id)],
);

/**
 * The built-in sandbox provider's own record of a payment (what a real provider keeps on its side):
 * the shopper's decision on the sandbox page, which the sandbox's status query answers from, and the
 * callback it owes the shop for it. Kept apart from `payments` (the shop's view) so the sandbox plays
 * a separate party, as ClickPesa does.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  reference: text("reference").primaryKey(),
  providerPaymentId: text("provider_payment_id").notNull().unique(),
  method: text("method", { enum: PAYMENT_METHODS }).notNull(),
  wallet: text("wallet"),
  phone: text("phone"),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  status: text("status", { enum: ["pending", "confirmed", "declined", "expired"] })
    .notNull()
    .default("pending"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  /** the callback's body, written with the decision: a shop that stops before taking it still finds it */
  callbackBody: text("callback_body"),
  /** when the shop's callback handler took it; null while it is still owed */
  callbackDeliveredAt: timestamp("callback_delivered_at", { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Account: wishlist, saved mobile-money numbers and payment preference, notification choices,
// and the message centre (support conversations between a shopper and the shop).
// ---------------------------------------------------------------------------------------------

/** A product a shopper keeps for later: one row per (shopper, product). */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("wishlist_items_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * A mobile-money number the shopper pays with, kept to fill in the checkout: the wallet is one of
 * the settings' mobile-money providers (never guessed from the number), the phone is E.164.
 */
export const savedMobileMoney = pgTable(
  "saved_mobile_money",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    wallet: text("wallet").notNull(),
    phone: text("phone").notNull(),
    label: text("label"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_mobile_money_user_wallet_phone_idx").on(t.userId, t.wallet, t.phone)],
);

/**
 * A shopper's account choices beyond the profile: the preferred payment method (the checkout
 * starts with it), marketing consent with the time it was given (Personal Data Protection Act
 * 2022: marketing needs consent, and the shop must be able to show when it was given), and when
 * the shopper last looked at order updates in the message centre (unread counts).
 */
export const accountPreferences = pgTable("account_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  preferredPaymentMethod: text("preferred_payment_method", { enum: PAYMENT_METHODS }),
  marketingConsent: boolean("marketing_consent").notNull().default(false),
  /** when consent was given (kept while it stands; null once withdrawn) */
  marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
  orderUpdatesSeenAt: timestamp("order_updates_seen_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A conversation between a shopper and the shop, optionally about one of the shopper's orders. */
export const supportThreads = pgTable(
  "support_threads",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_threads_user_updated_idx").on(t.userId, t.updatedAt), index("support_threads_status_updated_idx").on(t.status, t.updatedAt)],
);

/** One message of a conversation; `read_at` is when the other side first read it. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => supportThreads.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["customer", "shop"] }).notNull(),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("support_messages_thread_created_idx").on(t.threadId, t.createdAt),
    check("support_messages_body_length", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Requests: what visitors send the shop through its forms (contact, services, supplier
// applications, business quotes, sourcing of unmatched BOM lines)
// ---------------------------------------------------------------------------------------------

/**
 * One request sent through a form. `details` holds the kind's own fields (checked per kind by
 * src/lib/requests.ts); `reference` is what the sender is told (RQ-2026-000123). A PCB request
 * keeps its Gerber ZIP under the data folder (`attachment_path`, a random name, never the
 * sender's) and the indicative price the server computed when it came in.
 */
export const serviceRequests = pgTable(
  "service_requests",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    kind: text("kind", { enum: ["contact", "service", "supplier", "quote", "sourcing"] }).notNull(),
    status: text("status", { enum: ["new", "in-progress", "answered", "closed"] })
      .notNull()
      .default("new"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164, or null when none was given */
    phone: text("phone"),
    company: text("company").notNull().default(""),
    message: text("message").notNull().default(""),
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    /** a PCB request's indicative price at the time, whole shillings, VAT included */
    indicativePrice: integer("indicative_price"),
    /** the signed-in sender, if any */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** relative to the data folder, e.g. uploads/gerber/<random>.zip */
    attachmentPath: text("attachment_path"),
    attachmentBytes: integer("attachment_bytes"),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("service_requests_kind_status_idx").on(t.kind, t.status, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Coupons and loyalty coins

/**
 * A coupon an admin created. `code` is stored upper-case (codes are matched case-insensitively).
 * Percent: `value` is 1–90; fixed: whole shillings. The window is stored as instants (the first
 * and last shop-calendar day, inclusive). `public` coupons are listed to every shopper.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    value: integer("value").notNull(),
    minSubtotal: integer("min_subtotal").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    active: boolean("active").notNull().default(true),
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    public: boolean("public").notNull().default(false),
    description: text("description"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("coupons_value", sql`(${t.kind} = 'percent' and ${t.value} between 1 and 90) or (${t.kind} = 'fixed' and ${t.value} > 0)`),
    check("coupons_limits", sql`${t.minSubtotal} >= 0 and coalesce(${t.usageLimit}, 1) > 0 and coalesce(${t.perCustomerLimit}, 1) > 0`),
  ],
);

/**
 * One use of a coupon by one order. A use counts toward the limits until `releasedAt` is set (the
 * order was cancelled or expired unpaid). One coupon per order.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** a guest's redemption: the per-shopper limit counts a guest by the phone (E.164) */
    phone: text("phone"),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    discount: integer("discount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    index("coupon_redemptions_coupon_idx").on(t.couponId),
    index("coupon_redemptions_user_idx").on(t.userId, t.couponId),
    index("coupon_redemptions_phone_idx")
      .on(t.phone, t.couponId)
      .where(sql`${t.phone} is not null`),
  ],
);

/**
 * The coin ledger: every credit and debit of a shopper's loyalty coins. The balance is the sum,
 * less credits past `expiresAt` (see src/lib/coins.ts). An order earns, spends, gets back and
 * loses its earned coins at most once each (the unique index).
 */
export const coinEntries = pgTable(
  "coin_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: ["earned", "spent", "refunded", "expired", "reversed"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** a partial refund's own coins given back and taken back (migration 0043) */
    refundId: integer("refund_id").references((): AnyPgColumn => refunds.id, { onDelete: "set null" }),
  },
  (t) => [
    index("coin_entries_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("coin_entries_order_reason_idx")
      .on(t.orderId, t.reason)
      .where(sql`${t.orderId} is not null and ${t.refundId} is null`),
    uniqueIndex("coin_entries_refund_reason_idx")
      .on(t.refundId, t.reason)
      .where(sql`${t.refundId} is not null`),
    check("coin_entries_delta", sql`${t.delta} <> 0`),
  ],
);

/**
 * A catalogue import kept as one batch an admin can undo (migration 0032): a sheet of products or
 * a ZIP of pictures, who ran it, its counts, and the categories and brands it created.
 */
export const catalogImports = pgTable("catalog_imports", {
  id: serial("id").primaryKey(),
  kind: text("kind", { enum: ["products", "pictures"] }).notNull(),
  adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
  adminEmail: text("admin_email").notNull(),
  fileName: text("file_name").notNull(),
  counts: jsonb("counts").$type<Record<string, number>>().notNull(),
  createdCategories: jsonb("created_categories").$type<number[]>().notNull().default([]),
  createdBrands: jsonb("created_brands").$type<number[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  undoneAt: timestamp("undone_at", { withTimezone: true }),
  undoneBy: text("undone_by"),
});

/** Each product a batch created or changed, with its values before (null: created) and after. */
export const catalogImportProducts = pgTable(
  "catalog_import_products",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => catalogImports.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    action: text("action", { enum: ["created", "changed"] }).notNull(),
    before: jsonb("before").$type<ProductSnapshot | null>(),
    after: jsonb("after").$type<ProductSnapshot>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.productId] }), index("catalog_import_products_product_idx").on(t.productId, t.importId)],
);

/**
 * The durable outbox of text messages (SMS, WhatsApp), like `mail_outbox`: an event enqueues in
 * its own transaction, a worker claims due rows (`sending` until `locked_until`), retries with
 * backoff and marks a row `dead` after the last attempt or at once on a refusal retrying cannot
 * fix. `next_attempt_at` also carries the quiet-hours deferral. The provider's message id ties its
 * delivery reports to the row, whose `delivery_state` only moves forward (sent, delivered, read,
 * failed). The recipient (E.164), the client address and `created_at` count the quotas and the
 * day's budget. A secret text (a one-time code), and its WhatsApp template, are emptied once sent
 * or dead.
 */
export const messageOutbox = pgTable(
  "message_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: text("channel", { enum: ["sms", "whatsapp"] }).notNull(),
    recipient: text("recipient").notNull(),
    text: text("text").notNull(),
    /** WhatsApp: the approved template (name, language, parameters) carrying the same content */
    template: jsonb("template").$type<WhatsAppTemplate>(),
    event: text("event").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    locale: text("locale", { enum: ["sw", "en"] })
      .notNull()
      .default("sw"),
    dedupeKey: text("dedupe_key").unique(),
    clientIp: text("client_ip"),
    state: text("state", { enum: ["pending", "sending", "sent", "failed", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    deliveryState: text("delivery_state", { enum: ["sent", "delivered", "read", "failed"] }),
    deliveryAt: timestamp("delivery_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("message_outbox_due_idx").on(t.state, t.nextAttemptAt),
    index("message_outbox_recipient_idx").on(t.channel, t.recipient, t.createdAt),
    index("message_outbox_client_idx").on(t.clientIp, t.createdAt),
    index("message_outbox_created_idx").on(t.channel, t.createdAt),
    index("message_outbox_order_idx").on(t.orderId),
    uniqueIndex("message_outbox_provider_message_idx").on(t.provider, t.providerMessageId),
    check("message_outbox_channel", sql`${t.channel} in ('sms', 'whatsapp')`),
    check("message_outbox_state", sql`${t.state} in ('pending', 'sending', 'sent', 'failed', 'dead')`),
    check("message_outbox_delivery_state", sql`${t.deliveryState} in ('sent', 'delivered', 'read', 'failed')`),
  ],
);

/**
 * Every delivery report a provider's callback brought, once: a replayed report meets the unique
 * key and changes nothing. Kept also when no message carries its id yet (a report can overtake the
 * send's own write), so the message takes it up once it is recorded as sent.
 */
export const messageDeliveries = pgTable(
  "message_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    state: text("state", { enum: ["sent", "delivered", "read", "failed"] }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    reason: text("reason"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("message_deliveries_report_idx").on(t.provider, t.providerMessageId, t.state),
    index("message_deliveries_received_idx").on(t.receivedAt),
    check("message_deliveries_state", sql`${t.state} in ('sent', 'delivered', 'read', 'failed')`),
  ],
);

/**
 * A phone number's messaging choices, by number (E.164) so they hold for a guest as for an
 * account: an opt-out per channel (honoured from the moment it is set, for messages already
 * queued too), marketing consent (none unless given), and when the number was told, once, that the
 * shop never asks anyone to send money to a personal number. No row: transactional messages on
 * both channels, no marketing, not yet told.
 */
export const messagePreferences = pgTable("message_preferences", {
  phone: text("phone").primaryKey(),
  smsOptOutAt: timestamp("sms_opt_out_at", { withTimezone: true }),
  whatsappOptOutAt: timestamp("whatsapp_opt_out_at", { withTimezone: true }),
  /** when the owner chose WhatsApp for order updates (WhatsApp carries none before) */
  whatsappOptInAt: timestamp("whatsapp_opt_in_at", { withTimezone: true }),
  marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
  safetyNoticeAt: timestamp("safety_notice_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Keys the shop makes for itself at first use (the key signing the links in text messages). */
export const shopSecrets = pgTable("shop_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes sent by SMS to confirm a mobile number: a guest's checkout, or claiming a guest's
 * orders into an account. Only a hash of the code is kept; it expires, and wrong tries spend it.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: ["checkout", "claim", "stock_alert"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    clientIp: text("client_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("phone_codes_phone_idx").on(t.phone, t.purpose, t.createdAt),
    check("phone_codes_purpose", sql`${t.purpose} in ('checkout', 'claim', 'stock_alert')`),
  ],
);

/**
 * A payment a staff member recorded by hand (cash at the counter, or the shop's own mobile-money
 * till with its transaction id): believed without a provider's callback, so it keeps who, how,
 * the transaction id, the amount and when; a reversal keeps who, when and why.
 */
export const recordedPayments = pgTable(
  "recorded_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    staffEmail: text("staff_email").notNull(),
    method: text("method", { enum: ["cash", "till"] }).notNull(),
    /** order: pays the order; refusal_fee: the delivery fee paid by a customer refusing the goods */
    kind: text("kind", { enum: ["order", "refusal_fee"] })
      .notNull()
      .default("order"),
    transactionId: text("transaction_id"),
    amount: integer("amount").notNull(),
    note: text("note"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: integer("reversed_by").references(() => users.id, { onDelete: "set null" }),
    reversedByEmail: text("reversed_by_email"),
    reversalReason: text("reversal_reason"),
  },
  (t) => [
    index("recorded_payments_order_idx").on(t.orderId),
    index("recorded_payments_staff_idx").on(t.staffUserId, t.recordedAt),
    check("recorded_payments_method", sql`${t.method} in ('cash', 'till')`),
  ],
);

/** The cash a collector (rider or counter staff) handed over for a shop day, as an admin counted it. */
export const cashHandovers = pgTable(
  "cash_handovers",
  {
    id: serial("id").primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    countedCash: integer("counted_cash").notNull(),
    /** what the recorded payments said when it was counted */
    expectedCash: integer("expected_cash").notNull(),
    note: text("note"),
    receivedBy: integer("received_by").references(() => users.id, { onDelete: "set null" }),
    receivedByEmail: text("received_by_email").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cash_handovers_day_idx").on(t.staffUserId, t.day)],
);

export const STOCK_ALERT_CHANNELS = ["sms", "whatsapp", "email"] as const;
export const STOCK_ALERT_STATUSES = ["pending-confirmation", "waiting", "notified", "held", "expired", "cancelled"] as const;

/**
 * A shopper's wish to be told when a sold-out product, or one option of it (by its combination,
 * which survives the editor rewriting the variant rows), is back (migration 0042). `created_at` is
 * the queue order; `held` means told, with a unit kept for them until `hold_until`; the token is
 * the confirmation / cancel link's secret. One live alert per product, option and contact.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    combinationId: text("combination_id"),
    channel: text("channel", { enum: STOCK_ALERT_CHANNELS }).notNull(),
    /** E.164 phone (sms, whatsapp) or a lower-case e-mail address */
    contact: text("contact").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    locale: text("locale", { enum: ["sw", "en"] })
      .notNull()
      .default("sw"),
    status: text("status", { enum: STOCK_ALERT_STATUSES }).notNull(),
    token: text("token").notNull(),
    clientIp: text("client_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    /** cancelled, expired, or the held unit given back or bought */
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_alerts_token_idx").on(t.token),
    uniqueIndex("stock_alerts_live_idx")
      .on(t.productId, sql`coalesce(${t.combinationId}, '')`, t.contact)
      .where(sql`${t.status} in ('pending-confirmation', 'waiting', 'held')`),
    index("stock_alerts_queue_idx").on(t.productId, t.status, t.createdAt, t.id),
    index("stock_alerts_user_idx")
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index("stock_alerts_contact_idx").on(t.contact, t.createdAt),
    check("stock_alerts_channel", sql`${t.channel} in ('sms', 'whatsapp', 'email')`),
    check("stock_alerts_locale", sql`${t.locale} in ('sw', 'en')`),
    check("stock_alerts_status", sql`${t.status} in ('pending-confirmation', 'waiting', 'notified', 'held', 'expired', 'cancelled')`),
    check("stock_alerts_held", sql`${t.status} <> 'held' or ${t.holdUntil} is not null`),
  ],
);

/** The number sequence of returns (R-2026-000123). */
export const returnNumberSeq = pgSequence("return_number_seq", { startWith: 1, increment: 1 });

/** One entry of a return's timeline. */
export interface ReturnEventRow {
  at: string;
  status: string;
  actor: "shopper" | "admin" | "system";
  note: string | null;
}

/**
 * A return or warranty claim of a delivered order (migration 0044): lines and quantities, the
 * shopper's reason, photos, how it comes back, the policy's checklist as answered, then the admin's
 * steps (approved or refused with a reason, received, inspected, closed) in its timeline.
 */
export const returns = pgTable(
  "returns",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique("returns_number_unique"),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["requested", "approved", "refused", "received", "inspected", "closed"] })
      .notNull()
      .default("requested"),
    kind: text("kind", { enum: ["return", "warranty"] })
      .notNull()
      .default("return"),
    reason: text("reason").notNull(),
    returnMethod: text("return_method", { enum: ["drop_off", "parcel", "pickup"] }).notNull(),
    checklist: jsonb("checklist").$type<Record<string, boolean>>().notNull().default({}),
    refusalReason: text("refusal_reason"),
    events: jsonb("events").$type<ReturnEventRow[]>().notNull().default([]),
    requestedByUserId: integer("requested_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId),
    index("returns_status_created_idx").on(t.status, t.createdAt),
    check("returns_status", sql`${t.status} in ('requested', 'approved', 'refused', 'received', 'inspected', 'closed')`),
    check("returns_kind", sql`${t.kind} in ('return', 'warranty')`),
    check("returns_method", sql`${t.returnMethod} in ('drop_off', 'parcel', 'pickup')`),
  ],
);

/** A line of a return: the order line, how many come back, and after inspection the decision and where the stock went. */
export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    decision: text("decision", { enum: ["refund", "replacement", "repair", "store_credit"] }),
    outcomeStock: text("outcome_stock", { enum: ["sellable", "faulty"] }),
    /** the refund this line's decision made (refunds, migration 0043) */
    refundId: integer("refund_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("return_lines_order_line_idx").on(t.orderLineId),
    uniqueIndex("return_lines_once").on(t.returnId, t.orderLineId),
    check("return_lines_quantity", sql`${t.quantity} > 0`),
    check("return_lines_decision", sql`${t.decision} IS NULL OR ${t.decision} in ('refund', 'replacement', 'repair', 'store_credit')`),
    check("return_lines_outcome", sql`${t.outcomeStock} IS NULL OR ${t.outcomeStock} in ('sellable', 'faulty')`),
  ],
);

/** A photo a shopper sent with a return: its media-store key, re-encoded without the camera's metadata. */
export const returnPhotos = pgTable(
  "return_photos",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    mediaKey: text("media_key").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("return_photos_return_idx").on(t.returnId, t.position)],
);

/** One dispatch of an order's goods (migration 0045), numbered 1, 2, ... per order, with its own carrier and tracking. */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("shipments_order_number_idx").on(t.orderId, t.number), check("shipments_number", sql`${t.number} > 0`)],
);

/** The units of each order line one shipment carried. */
export const shipmentLines = pgTable(
  "shipment_lines",
  {
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ name: "shipment_lines_pk", columns: [t.shipmentId, t.orderLineId] }), check("shipment_lines_quantity", sql`${t.quantity} > 0`)],
);

// ---------------------------------------------------------------------------------------------
// Refunds (migration 0043): refunds by line or amount, their credit notes, store credit, and the
// sandbox provider's payouts.
// ---------------------------------------------------------------------------------------------

/**
 * A refund of a paid order: goods (by line or by amount), the delivery fee and a return fare the
 * shop pays, sent back by `method`. `(orderId, idempotencyKey)` is unique: a repeated request finds
 * the first refund. A mobile-money refund is `pending` at the provider until a verified callback
 * and a status query agree (as payments are), then `completed`.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    amount: integer("amount").notNull(),
    goods: integer("goods").notNull(),
    delivery: integer("delivery").notNull().default(0),
    returnFare: integer("return_fare").notNull().default(0),
    coinsReturned: integer("coins_returned").notNull().default(0),
    coinsReversed: integer("coins_reversed").notNull().default(0),
    method: text("method", { enum: REFUND_METHODS }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("requested"),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    provider: text("provider"),
    providerReference: text("provider_reference").unique(),
    providerPayoutId: text("provider_payout_id"),
    payoutPhone: text("payout_phone"),
    callbackStatus: text("callback_status"),
    lastProviderStatus: text("last_provider_status"),
    checks: integer("checks").notNull().default(0),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    bankReference: text("bank_reference"),
    /** the return (returns' table) this refund settles; not a foreign key so either can be written first */
    returnId: integer("return_id"),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refunds_order_number_idx").on(t.orderId, t.number),
    uniqueIndex("refunds_order_key_idx").on(t.orderId, t.idempotencyKey),
    index("refunds_due_idx").on(t.status, t.nextCheckAt),
    check("refunds_method", sql`${t.method} in ('mobile_money', 'bank_transfer', 'store_credit', 'cash')`),
    check("refunds_status", sql`${t.status} in ('requested', 'pending', 'completed', 'failed')`),
    check(
      "refunds_money",
      sql`${t.amount} > 0 and ${t.goods} >= 0 and ${t.delivery} >= 0 and ${t.returnFare} >= 0 and ${t.amount} = ${t.goods} + ${t.delivery} + ${t.returnFare}`,
    ),
  ],
);

/** What a refund gives back: an order line's units, a share of the goods at one VAT rate (by amount), or the delivery. */
export const refundLines = pgTable(
  "refund_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    refundId: integer("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["line", "amount", "delivery"] }).notNull(),
    orderLineId: integer("order_line_id").references(() => orderLines.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sku: text("sku").notNull().default(""),
    quantity: integer("quantity").notNull().default(0),
    vatRateBp: integer("vat_rate_bp").notNull(),
    gross: integer("gross").notNull(),
    vat: integer("vat").notNull(),
    net: integer("net").notNull(),
  },
  (t) => [
    index("refund_lines_refund_idx").on(t.refundId),
    index("refund_lines_order_line_idx").on(t.orderLineId),
    check("refund_lines_kind", sql`${t.kind} in ('line', 'amount', 'delivery')`),
    check("refund_lines_money", sql`${t.gross} = ${t.net} + ${t.vat} and ${t.gross} >= 0 and ${t.quantity} >= 0`),
  ],
);

/**
 * A refund's credit note, numbered in its own gap-free series (`fiscal_counters` key
 * `credit-note:global`), naming the receipt it corrects, with the VAT reversed per rate. Fiscal
 * only once a fiscal device confirmed it; a test order's takes no counter and says TEST.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    refundId: integer("refund_id")
      .notNull()
      .unique()
      .references(() => refunds.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: text("number").notNull().unique(),
    globalCounter: bigint("global_counter", { mode: "number" }).unique(),
    receiptNumber: text("receipt_number"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    sellerTin: text("seller_tin").notNull(),
    sellerVrn: text("seller_vrn").notNull(),
    test: boolean("test").notNull().default(false),
    totals: jsonb("totals").$type<{ net: number; vat: number; gross: number; rates: { rateBp: number; net: number; vat: number }[] }>().notNull(),
    verificationCode: text("verification_code").unique(),
    qrPayload: text("qr_payload"),
    fiscalConfirmedAt: timestamp("fiscal_confirmed_at", { withTimezone: true }),
  },
  (t) => [index("credit_notes_order_idx").on(t.orderId)],
);

/** A shopper's store credit balance: one row per account, never below zero (the CHECK holds it under any race). */
export const storeCreditAccounts = pgTable(
  "store_credit_accounts",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("store_credit_accounts_balance", sql`${t.balance} >= 0`)],
);

/** Every change of a shopper's store credit: a refund (+), spent at checkout (−), given back when that order is cancelled (+). */
export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: ["refund", "spent", "returned"] }).notNull(),
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    balanceAfter: integer("balance_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("store_credit_entries_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("store_credit_entries_order_reason_idx")
      .on(t.orderId, t.reason)
      .where(sql`${t.orderId} is not null and ${t.refundId} is null`),
    uniqueIndex("store_credit_entries_refund_idx")
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    check("store_credit_entries_delta", sql`${t.delta} <> 0 and ${t.balanceAfter} >= 0`),
    check("store_credit_entries_reason", sql`${t.reason} in ('refund', 'spent', 'returned')`),
  ],
);

/** The built-in sandbox provider's record of a payout (a refund to mobile money), kept apart as a provider keeps its own. */
export const sandboxPayouts = pgTable(
  "sandbox_payouts",
  {
    reference: text("reference").primaryKey(),
    providerPayoutId: text("provider_payout_id").notNull().unique(),
    phone: text("phone").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["pending", "completed", "failed"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    callbackBody: text("callback_body"),
    callbackDeliveredAt: timestamp("callback_delivered_at", { withTimezone: true }),
  },
  (t) => [check("sandbox_payouts_status", sql`${t.status} in ('pending', 'completed', 'failed')`)],
);

/**
 * Units that came back to a product somebody waits for (migration 0042's trigger on
 * products.stock_quantity writes them in the raising transaction): the queue the stock-alert
 * worker tells the waiting list from, each row once.
 */
export const stockAlertArrivals = pgTable(
  "stock_alert_arrivals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    units: integer("units").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    index("stock_alert_arrivals_due_idx")
      .on(t.id)
      .where(sql`${t.processedAt} is null`),
    check("stock_alert_arrivals_units", sql`${t.units} > 0`),
  ],
);

/**
 * A product review (migration 0047): one per product and person (`author_key`: `user:<id>`, or
 * `phone:<E.164>` for a guest through their order's link); a verified purchase when a delivered,
 * really paid order holds the product; demo reviews are never verified. Its product's rating is
 * recounted by a trigger whenever its status, rating or demo flag changes.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    authorKey: text("author_key").notNull(),
    authorName: text("author_name").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    variantLabel: text("variant_label").notNull().default(""),
    rating: smallint("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    locale: text("locale", { enum: ["sw", "en"] }).notNull(),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("pending"),
    hiddenReason: text("hidden_reason", { enum: HIDDEN_REASONS }),
    moderationNote: text("moderation_note"),
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    verifiedPurchase: boolean("verified_purchase").notNull().default(false),
    demo: boolean("demo").notNull().default(false),
    helpfulCount: integer("helpful_count").notNull().default(0),
    reportCount: integer("report_count").notNull().default(0),
    shopAnswer: text("shop_answer"),
    shopAnsweredAt: timestamp("shop_answered_at", { withTimezone: true }),
    shopAnsweredBy: integer("shop_answered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("product_reviews_author_idx").on(t.productId, t.authorKey), index("product_reviews_user_idx").on(t.userId)],
);

export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => productReviews.id, { onDelete: "cascade" }),
    mediaKey: text("media_key").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("review_photos_review_idx").on(t.reviewId, t.position)],
);

/** "Helpful" marks and reports: one of each per review and person (`voter_key`: `user:<id>` or `ip:<hash>`). */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => productReviews.id, { onDelete: "cascade" }),
    voterKey: text("voter_key").notNull(),
    kind: text("kind", { enum: ["helpful", "report"] }).notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voterKey, t.kind] })],
);

/** A question asked on a product page; shown (and found by search) once answered. */
export const productQuestions = pgTable("product_questions", {
  id: serial("id").primaryKey(),
  productId: integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  authorName: text("author_name").notNull(),
  body: text("body").notNull(),
  locale: text("locale", { enum: ["sw", "en"] }).notNull(),
  status: text("status", { enum: MODERATION_STATUSES }).notNull().default("pending"),
  hiddenReason: text("hidden_reason", { enum: HIDDEN_REASONS }),
  moderationNote: text("moderation_note"),
  moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
  moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  reportCount: integer("report_count").notNull().default(0),
  demo: boolean("demo").notNull().default(false),
  answeredAt: timestamp("answered_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An answer to a product question: by the shop, or by a shopper who bought the product (where the setting allows). */
export const productAnswers = pgTable(
  "product_answers",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => productQuestions.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    byShop: boolean("by_shop").notNull().default(false),
    verifiedBuyer: boolean("verified_buyer").notNull().default(false),
    body: text("body").notNull(),
    locale: text("locale", { enum: ["sw", "en"] }).notNull(),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("published"),
    hiddenReason: text("hidden_reason", { enum: HIDDEN_REASONS }),
    moderationNote: text("moderation_note"),
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    reportCount: integer("report_count").notNull().default(0),
    demo: boolean("demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_answers_question_idx").on(t.questionId, t.createdAt)],
);

/** A shopper's report of a question: one per question and person (a repeat counts nothing). */
export const questionReports = pgTable(
  "question_reports",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => productQuestions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);
