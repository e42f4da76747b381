-- Specifications as data. Each category lists the attributes its products are chosen by; each
-- product (or one of its options, where the option changes a spec: a resistor kit's value) carries
-- values. Numbers are stored exactly (numeric) in the attribute's base SI unit, list values and
-- yes/no as text. `product_specs` is narrow on purpose: the listing's spec filters and the facet
-- counts read it, not the wide product rows.
CREATE TABLE "spec_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL REFERENCES "categories"("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"name_en" text NOT NULL,
	"name_sw" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_filter" boolean DEFAULT true NOT NULL,
	"is_key" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spec_attributes_kind_check" CHECK ("kind" IN ('number', 'list', 'boolean')),
	CONSTRAINT "spec_attributes_key_check" CHECK ("key" ~ '^[a-z][a-z0-9_]{0,39}$'),
	CONSTRAINT "spec_attributes_unit_check" CHECK (("kind" = 'number') = ("unit" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "spec_attributes_category_key_idx" ON "spec_attributes" ("category_id", "key");
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"variant_id" integer REFERENCES "product_variants"("id") ON DELETE CASCADE,
	-- the product's category, kept in step by the trigger below: a category's facet counts read one index range
	"category_id" integer NOT NULL,
	"key" text NOT NULL,
	"num" numeric,
	"text" text,
	CONSTRAINT "product_specs_value_check" CHECK (("num" IS NULL) <> ("text" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "product_specs_product_idx" ON "product_specs" ("product_id", "key");
--> statement-breakpoint
CREATE INDEX "product_specs_num_idx" ON "product_specs" ("key", "num", "product_id") WHERE "num" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "product_specs_text_idx" ON "product_specs" ("key", "text", "product_id") WHERE "text" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "product_specs_category_idx" ON "product_specs" ("category_id", "key", "num", "text", "product_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_specs_follow_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE product_specs SET category_id = NEW.category_id WHERE product_id = NEW.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_specs_category_after_update AFTER UPDATE OF category_id ON products
	FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id) EXECUTE FUNCTION product_specs_follow_category();
--> statement-breakpoint
-- Prices by quantity: from `min_quantity` units (packs, where the product is sold in packs) on, each
-- costs `price` (VAT-inclusive whole shillings). A row without a variant applies to every option
-- that has no breaks of its own. The one-unit price stays the product's (or option's) own price.
CREATE TABLE "price_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"variant_id" integer REFERENCES "product_variants"("id") ON DELETE CASCADE,
	"min_quantity" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "price_breaks_quantity_check" CHECK ("min_quantity" >= 2),
	CONSTRAINT "price_breaks_price_check" CHECK ("price" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "price_breaks_product_idx" ON "price_breaks" ("product_id", coalesce("variant_id", 0), "min_quantity");
--> statement-breakpoint
-- how many pieces one unit sold holds (a pack of 100 resistors is one unit at one price)
ALTER TABLE "products" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_size_check" CHECK ("pack_size" >= 1);
--> statement-breakpoint
-- The datasheet: a PDF in the media store (`datasheet_key`, its size), either generated from the
-- shop's own data (the demo seed's spec sheets, which say so) or a manufacturer's uploaded by an
-- admin; `datasheet_url` is the manufacturer's own page for it, shown beside.
ALTER TABLE "products" ADD COLUMN "datasheet_key" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "datasheet_bytes" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "datasheet_generated" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "datasheet_url" text;
