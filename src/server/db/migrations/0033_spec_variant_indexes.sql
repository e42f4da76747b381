-- Deleting an option (or a product with options) cascades to its spec values and price breaks by
-- variant_id: without an index each deleted option read the whole of product_specs (over 20
-- minutes to remove 200,000 bulk products; one minute with it).
CREATE INDEX IF NOT EXISTS "product_specs_variant_idx" ON "product_specs" ("variant_id") WHERE "variant_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_breaks_variant_idx" ON "price_breaks" ("variant_id") WHERE "variant_id" IS NOT NULL;
