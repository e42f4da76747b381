-- Stock alerts ("notify me") and incoming stock.
-- Incoming stock as the shop knows it: an expected quantity with its expected arrival date (both or
-- neither), or "imported on demand" with the usual wait in weeks.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "incoming_quantity" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "incoming_date" date;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "on_demand_weeks" integer;
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_incoming";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_incoming" CHECK (("incoming_quantity" IS NULL) = ("incoming_date" IS NULL) AND ("incoming_quantity" IS NULL OR "incoming_quantity" BETWEEN 1 AND 1000000) AND ("on_demand_weeks" IS NULL OR "on_demand_weeks" BETWEEN 1 AND 104));
--> statement-breakpoint
-- a guest's stock alert is confirmed by a one-time code to the number, like a guest's checkout
ALTER TABLE "phone_codes" DROP CONSTRAINT IF EXISTS "phone_codes_purpose";
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose" CHECK ("purpose" in ('checkout', 'claim', 'stock_alert'));
--> statement-breakpoint
-- One shopper's wish to be told when a sold-out product (or one option of it, by its combination,
-- which survives the editor rewriting the variant rows) is back. created_at is the queue order.
-- held: told, and a unit is kept for them until hold_until.
CREATE TABLE IF NOT EXISTS "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"combination_id" text,
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"locale" text DEFAULT 'sw' NOT NULL,
	"status" text NOT NULL,
	"token" text NOT NULL,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_channel" CHECK ("channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "stock_alerts_locale" CHECK ("locale" in ('sw', 'en')),
	CONSTRAINT "stock_alerts_status" CHECK ("status" in ('pending-confirmation', 'waiting', 'notified', 'held', 'expired', 'cancelled')),
	CONSTRAINT "stock_alerts_held" CHECK ("status" <> 'held' OR "hold_until" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_alerts_token_idx" ON "stock_alerts" ("token");
--> statement-breakpoint
-- one live alert per product, option and contact
CREATE UNIQUE INDEX IF NOT EXISTS "stock_alerts_live_idx" ON "stock_alerts" ("product_id", coalesce("combination_id", ''), "contact") WHERE "status" in ('pending-confirmation', 'waiting', 'held');
--> statement-breakpoint
-- the waiting list of a product in queue order, and the held units counted against other buyers
CREATE INDEX IF NOT EXISTS "stock_alerts_queue_idx" ON "stock_alerts" ("product_id", "status", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alerts_user_idx" ON "stock_alerts" ("user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
-- sign-ups per contact (the rate limit) and the hourly expiry of unconfirmed ones
CREATE INDEX IF NOT EXISTS "stock_alerts_contact_idx" ON "stock_alerts" ("contact", "created_at");
--> statement-breakpoint
-- Units that came back to a product somebody waits for, as the queue the alert worker tells the
-- waiting list from (first come, first served, as many as the units). Written by a trigger, so
-- every path that raises stock (the admin's editor and stock changes, imports, a cancelled or
-- expired order's stock coming back, a return to sellable stock) is seen, in the same transaction.
CREATE TABLE IF NOT EXISTS "stock_alert_arrivals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"units" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "stock_alert_arrivals_units" CHECK ("units" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alert_arrivals_due_idx" ON "stock_alert_arrivals" ("id") WHERE "processed_at" IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_alert_arrival() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.stock_quantity > OLD.stock_quantity AND EXISTS (SELECT 1 FROM stock_alerts WHERE product_id = NEW.id AND status = 'waiting') THEN
		INSERT INTO stock_alert_arrivals (product_id, units) VALUES (NEW.id, NEW.stock_quantity - OLD.stock_quantity);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_stock_alert_arrival" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_stock_alert_arrival" AFTER UPDATE OF "stock_quantity" ON "products" FOR EACH ROW EXECUTE FUNCTION stock_alert_arrival();
