import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PrimaryValue, VariantConfig } from "@/lib/variants";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
});

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
    inStock: boolean("in_stock").generatedAlwaysAs(sql`stock_quantity > 0`),
    freeDelivery: boolean("free_delivery").notNull().default(false),
    sameDayDelivery: boolean("same_day_delivery").notNull().default(false),
    rating: real("rating").notNull().default(0),
    reviews: integer("reviews").notNull().default(0),
    salesCount: integer("sales_count").notNull().default(0),
    variantConfig: jsonb("variant_config").$type<VariantConfig | null>(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Plain ascending (column, id) indexes: a descending sort with the id in the same direction
    // reads them backwards, so every sort of the listing stops after `limit` rows.
    index("products_category_idx").on(t.categoryId, t.salesCount, t.id),
    index("products_brand_idx").on(t.brandId),
    index("products_price_idx").on(t.price, t.id),
    index("products_created_idx").on(t.createdAt, t.id),
    index("products_sales_idx").on(t.salesCount, t.id),
    index("products_rating_idx").on(t.rating, t.id),
    index("products_name_idx").on(t.name, t.id),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("advertisements_placement_idx").on(t.placement, t.active, t.sortOrder)],
);

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
