-- Pay on delivery: orders confirmed without prepayment, taken out by the shop's riders, paid at the
-- door or the counter (a recorded payment), or refused there; riders' cash counted per day.
-- An account's number counts as confirmed only once confirmed by a code (a profile number is typed).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "phone_confirmed_at" timestamp with time zone;
--> statement-breakpoint
-- the confirmed number a pay-on-delivery order counts against (a new customer's limit, the units cap)
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "on_delivery_phone" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_on_delivery_phone_idx" ON "orders" ("on_delivery_phone", "status") WHERE "on_delivery_phone" IS NOT NULL;
--> statement-breakpoint
-- the rider taking the order out, and when it was handed to them
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "rider_user_id" integer REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "rider_assigned_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_rider_idx" ON "orders" ("rider_user_id", "status") WHERE "rider_user_id" IS NOT NULL;
--> statement-breakpoint
-- a recorded payment pays the order, or is the delivery fee a customer paid when refusing the goods
ALTER TABLE "recorded_payments" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'order' NOT NULL;
--> statement-breakpoint
ALTER TABLE "recorded_payments" DROP CONSTRAINT IF EXISTS "recorded_payments_kind";
--> statement-breakpoint
ALTER TABLE "recorded_payments" ADD CONSTRAINT "recorded_payments_kind" CHECK ("kind" in ('order', 'refusal_fee'));
--> statement-breakpoint
-- the day's money per collector, newest first
CREATE INDEX IF NOT EXISTS "recorded_payments_staff_idx" ON "recorded_payments" ("staff_user_id", "recorded_at");
--> statement-breakpoint
-- The cash a collector (a rider, or staff at the counter) handed over for a shop day, as counted by
-- an admin; expected_cash is what the recorded payments said when it was counted (the page
-- compares the count with what they say now, so a payment recorded later shows as a difference).
CREATE TABLE IF NOT EXISTS "cash_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"counted_cash" integer NOT NULL,
	"expected_cash" integer NOT NULL,
	"note" text,
	"received_by" integer REFERENCES "users"("id") ON DELETE set null,
	"received_by_email" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_handovers_counted" CHECK ("counted_cash" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "cash_handovers_day_idx" ON "cash_handovers" ("staff_user_id", "day");
