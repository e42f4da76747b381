-- Delivery estimates: the dates an order was promised when it was sold (shop-time calendar dates,
-- from src/lib/delivery-estimate.ts), and its slips: when the promise was last moved and how often.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "promised_from" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "promised_to" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "promise_slipped_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "promise_slips" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- the slip job and the admin's late orders look for promises by their last day
CREATE INDEX IF NOT EXISTS "orders_promised_to_idx" ON "orders" ("promised_to", "status") WHERE "promised_to" IS NOT NULL;
