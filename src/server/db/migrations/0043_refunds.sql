-- Refunds of paid orders (by line or by amount), their credit notes in a sequence of their own, and
-- the shoppers' store credit. A refund is never more than was paid: the refunds service locks the
-- order row and sums what is refunded already; the amounts here are whole shillings.
CREATE TABLE IF NOT EXISTS "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"number" integer NOT NULL,
	"amount" integer NOT NULL,
	"goods" integer NOT NULL,
	"delivery" integer DEFAULT 0 NOT NULL,
	"return_fare" integer DEFAULT 0 NOT NULL,
	"coins_returned" integer DEFAULT 0 NOT NULL,
	"coins_reversed" integer DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"provider" text,
	"provider_reference" text UNIQUE,
	"provider_payout_id" text,
	"payout_phone" text,
	"callback_status" text,
	"last_provider_status" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"bank_reference" text,
	"return_id" integer,
	"actor_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"actor_email" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_method" CHECK ("method" in ('mobile_money', 'bank_transfer', 'store_credit', 'cash')),
	CONSTRAINT "refunds_status" CHECK ("status" in ('requested', 'pending', 'completed', 'failed')),
	CONSTRAINT "refunds_money" CHECK ("amount" > 0 and "goods" >= 0 and "delivery" >= 0 and "return_fare" >= 0 and "amount" = "goods" + "delivery" + "return_fare")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "refunds_order_number_idx" ON "refunds" ("order_id", "number");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "refunds_order_key_idx" ON "refunds" ("order_id", "idempotency_key");
--> statement-breakpoint
-- the payout poller's due refunds
CREATE INDEX IF NOT EXISTS "refunds_due_idx" ON "refunds" ("status", "next_check_at");
--> statement-breakpoint
-- What each refund gives back: an order line (quantity), a share of the goods at one VAT rate (a
-- refund by amount), or the delivery; gross = net + vat, the VAT reversed at the line's rate.
CREATE TABLE IF NOT EXISTS "refund_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL REFERENCES "refunds"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"order_line_id" integer REFERENCES "order_lines"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"gross" integer NOT NULL,
	"vat" integer NOT NULL,
	"net" integer NOT NULL,
	CONSTRAINT "refund_lines_kind" CHECK ("kind" in ('line', 'amount', 'delivery')),
	CONSTRAINT "refund_lines_money" CHECK ("gross" = "net" + "vat" and "gross" >= 0 and "quantity" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_lines_refund_idx" ON "refund_lines" ("refund_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_lines_order_line_idx" ON "refund_lines" ("order_line_id");
--> statement-breakpoint
-- A refund's credit note: numbered in its own gap-free series (fiscal_counters key
-- 'credit-note:global'), naming the receipt it corrects, with the VAT reversed per rate. Fiscal only
-- once a fiscal device confirmed it; a test order's is numbered apart (no counter) and says TEST.
CREATE TABLE IF NOT EXISTS "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL UNIQUE REFERENCES "refunds"("id") ON DELETE cascade,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"number" text NOT NULL UNIQUE,
	"global_counter" bigint UNIQUE,
	"receipt_number" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller_tin" text NOT NULL,
	"seller_vrn" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"totals" jsonb NOT NULL,
	"verification_code" text UNIQUE,
	"qr_payload" text,
	"fiscal_confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_notes_order_idx" ON "credit_notes" ("order_id");
--> statement-breakpoint
-- A shopper's store credit: one balance row per account that can never go below zero (the CHECK
-- holds it under any race), and the ledger of every change beside it.
CREATE TABLE IF NOT EXISTS "store_credit_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_accounts_balance" CHECK ("balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "store_credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"refund_id" integer REFERENCES "refunds"("id") ON DELETE set null,
	"order_id" integer REFERENCES "orders"("id") ON DELETE set null,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_delta" CHECK ("delta" <> 0 and "balance_after" >= 0),
	CONSTRAINT "store_credit_entries_reason" CHECK ("reason" in ('refund', 'spent', 'returned'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "store_credit_entries_user_idx" ON "store_credit_entries" ("user_id", "created_at");
--> statement-breakpoint
-- an order spends store credit once, and gets it back once (cancelled unpaid); a refund credits once
CREATE UNIQUE INDEX IF NOT EXISTS "store_credit_entries_order_reason_idx" ON "store_credit_entries" ("order_id", "reason") WHERE "order_id" IS NOT NULL AND "refund_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "store_credit_entries_refund_idx" ON "store_credit_entries" ("refund_id") WHERE "refund_id" IS NOT NULL;
--> statement-breakpoint
-- the store credit a placed order spent: part of its payment, so its total and VAT stay as sold
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "store_credit_spent" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- a partial refund gives back and takes back coins of its own: once per refund and reason
ALTER TABLE "coin_entries" ADD COLUMN IF NOT EXISTS "refund_id" integer REFERENCES "refunds"("id") ON DELETE set null;
--> statement-breakpoint
DROP INDEX IF EXISTS "coin_entries_order_reason_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "coin_entries_order_reason_idx" ON "coin_entries" ("order_id", "reason") WHERE "order_id" IS NOT NULL AND "refund_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "coin_entries_refund_reason_idx" ON "coin_entries" ("refund_id", "reason") WHERE "refund_id" IS NOT NULL;
--> statement-breakpoint
-- The built-in sandbox provider's record of a payout (a refund to mobile money): what a real
-- provider keeps on its side, which its status query answers from, and the callback it owes.
CREATE TABLE IF NOT EXISTS "sandbox_payouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"provider_payout_id" text NOT NULL UNIQUE,
	"phone" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"callback_body" text,
	"callback_delivered_at" timestamp with time zone,
	CONSTRAINT "sandbox_payouts_status" CHECK ("status" in ('pending', 'completed', 'failed'))
);
