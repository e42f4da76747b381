-- Payments a staff member recorded by hand (cash at the counter, or the shop's own mobile-money
-- till with its transaction id): the one kind of payment believed without a provider's signed
-- callback, so each row keeps who took it, how, the till's transaction id, the amount and the
-- time, and a reversal keeps who reversed it, when and why (rows are never deleted).
CREATE TABLE IF NOT EXISTS "recorded_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"staff_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"staff_email" text NOT NULL,
	"method" text NOT NULL,
	"transaction_id" text,
	"amount" integer NOT NULL,
	"note" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"reversed_by_email" text,
	"reversal_reason" text,
	CONSTRAINT "recorded_payments_method" CHECK ("method" in ('cash', 'till')),
	CONSTRAINT "recorded_payments_till_txn" CHECK ("method" <> 'till' OR "transaction_id" IS NOT NULL),
	CONSTRAINT "recorded_payments_reversal" CHECK (("reversed_at" IS NULL) = ("reversal_reason" IS NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recorded_payments_order_idx" ON "recorded_payments" ("order_id");
--> statement-breakpoint
-- one standing recorded payment per order: a second one is money to give back, not a second payment
CREATE UNIQUE INDEX IF NOT EXISTS "recorded_payments_one_standing" ON "recorded_payments" ("order_id") WHERE "reversed_at" IS NULL;
--> statement-breakpoint
-- a till's transaction id is recorded once: the same receipt from the till cannot pay two orders
CREATE UNIQUE INDEX IF NOT EXISTS "recorded_payments_till_txn_once" ON "recorded_payments" ("transaction_id") WHERE "method" = 'till' AND "reversed_at" IS NULL;
