-- Returns and warranty claims: a shopper asks to send lines of a delivered order back (within the
-- return window, or a product's longer warranty), with photos, a reason, how it comes back and the
-- policy's conditions as a checklist; the admin approves or refuses, marks it received and
-- inspected, and decides per line (refund, replacement, repair, store credit) where its stock goes.
-- A product's warranty in days past delivery (null: the shop's return window only)
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "warranty_days" integer;
--> statement-breakpoint
-- units that came back faulty: counted, never sold
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "faulty_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_return_counts";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_return_counts" CHECK ("faulty_quantity" >= 0 AND ("warranty_days" IS NULL OR "warranty_days" BETWEEN 1 AND 3650));
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "return_number_seq" START WITH 1 INCREMENT BY 1;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "returns" (
  "id" serial PRIMARY KEY NOT NULL,
  "number" text NOT NULL,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "status" text DEFAULT 'requested' NOT NULL,
  "kind" text DEFAULT 'return' NOT NULL,
  "reason" text NOT NULL,
  "return_method" text NOT NULL,
  -- the policy's conditions as the shopper answered them: {unused: true, notSoldered: true, notCut: true}
  "checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "refusal_reason" text,
  -- the timeline: [{at, status, actor, note}], oldest first
  "events" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "requested_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "returns_number_unique" UNIQUE ("number"),
  CONSTRAINT "returns_status" CHECK ("status" in ('requested', 'approved', 'refused', 'received', 'inspected', 'closed')),
  CONSTRAINT "returns_kind" CHECK ("kind" in ('return', 'warranty')),
  CONSTRAINT "returns_method" CHECK ("return_method" in ('drop_off', 'parcel', 'pickup'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "returns_order_idx" ON "returns" ("order_id");
--> statement-breakpoint
-- the admin's list: requested first, oldest waiting first
CREATE INDEX IF NOT EXISTS "returns_status_created_idx" ON "returns" ("status", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "return_lines" (
  "id" serial PRIMARY KEY NOT NULL,
  "return_id" integer NOT NULL REFERENCES "returns"("id") ON DELETE cascade,
  "order_line_id" integer NOT NULL REFERENCES "order_lines"("id") ON DELETE cascade,
  "quantity" integer NOT NULL,
  -- set after inspection
  "decision" text,
  "outcome_stock" text,
  "refund_id" integer,
  "decided_at" timestamp with time zone,
  CONSTRAINT "return_lines_quantity" CHECK ("quantity" > 0),
  CONSTRAINT "return_lines_decision" CHECK ("decision" IS NULL OR "decision" in ('refund', 'replacement', 'repair', 'store_credit')),
  CONSTRAINT "return_lines_outcome" CHECK ("outcome_stock" IS NULL OR "outcome_stock" in ('sellable', 'faulty')),
  CONSTRAINT "return_lines_once" UNIQUE ("return_id", "order_line_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "return_lines_order_line_idx" ON "return_lines" ("order_line_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "return_photos" (
  "id" serial PRIMARY KEY NOT NULL,
  "return_id" integer NOT NULL REFERENCES "returns"("id") ON DELETE cascade,
  -- the media store's key (returns/<hash>.webp), re-encoded without the photo's metadata
  "media_key" text NOT NULL,
  "position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "return_photos_return_idx" ON "return_photos" ("return_id", "position");
