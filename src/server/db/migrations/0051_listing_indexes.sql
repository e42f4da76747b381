-- The shop's listings (every one leaves archived products out) filter by category and price while
-- they walk one sort's order. The plain (sort, id) indexes made PostgreSQL visit the table's row for
-- every product it stepped over, to read its price, category and archived mark: at 1,000,000
-- products a filtered listing read hundreds of scattered table pages, 40-130 ms cold. These indexes
-- hold only products on sale and carry the filtered columns, so the walk and the capped count are
-- index-only reads of a few pages. They replace the plain indexes of the same sorts; the admin's
-- list (archived products too) keeps products_created_idx.
DROP INDEX IF EXISTS "products_sales_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_sales_idx" ON "products" ("sales_count", "id") INCLUDE ("category_id", "price") WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_created_idx" ON "products" ("created_at", "id") INCLUDE ("category_id", "price") WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_price_idx" ON "products" ("price", "id") INCLUDE ("category_id") WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_sales_idx" ON "products" ("category_id", "sales_count", "id") INCLUDE ("price") WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_created_idx" ON "products" ("category_id", "created_at", "id") INCLUDE ("price") WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_price_idx" ON "products" ("category_id", "price", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
-- A search's words are weighed by the lexicon words they start (their summed frequency): reading
-- the frequency from the index itself spares a visit to the table for each word.
CREATE INDEX IF NOT EXISTS "search_lexicon_prefix_frequency_idx" ON "search_lexicon" ("word" text_pattern_ops) INCLUDE ("frequency");--> statement-breakpoint
DROP INDEX IF EXISTS "search_lexicon_prefix_idx";
--> statement-breakpoint
-- A listing walking its sort's order checks each product's spec values on the way: with the values
-- in the product's own index entries that check reads the index alone (0.15 ms a product from the
-- table before, cold).
CREATE INDEX IF NOT EXISTS "product_specs_product_values_idx" ON "product_specs" ("product_id", "key") INCLUDE ("num", "text");--> statement-breakpoint
DROP INDEX IF EXISTS "product_specs_product_idx";
