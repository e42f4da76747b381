-- A catalogue import (a CSV or XLSX file of products, or a ZIP of pictures) is kept as one batch an
-- admin can undo: who ran it, the file, what it did, and for every product it created or changed
-- the product's values before and after (its columns an import sets, its own specifications and
-- price breaks). Undo puts the "before" back, and refuses while any product's values differ from
-- its "after" (a later import or edit moved them). The categories and brands it created are kept
-- so undo can remove them again while nothing else uses them.
CREATE TABLE "catalog_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"admin_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"admin_email" text NOT NULL,
	"file_name" text NOT NULL,
	"counts" jsonb NOT NULL,
	"created_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_brands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	CONSTRAINT "catalog_imports_kind_check" CHECK ("kind" IN ('products', 'pictures'))
);
--> statement-breakpoint
CREATE TABLE "catalog_import_products" (
	"import_id" integer NOT NULL REFERENCES "catalog_imports"("id") ON DELETE CASCADE,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	CONSTRAINT "catalog_import_products_pk" PRIMARY KEY ("import_id", "product_id"),
	CONSTRAINT "catalog_import_products_action_check" CHECK ("action" IN ('created', 'changed')),
	CONSTRAINT "catalog_import_products_before_check" CHECK (("action" = 'created') = ("before" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "catalog_import_products_product_idx" ON "catalog_import_products" ("product_id", "import_id");
