-- Back-orders paid by deposit: the shopper pays the goods in stock, the delivery and a share of the
-- waiting goods at checkout, and the rest (the balance) once the waiting goods are in stock; those
-- goods are sent only after it. Each payment gets its own receipt.
--
-- deposit_amount: what the first payment asked (null: the order is paid in full);
-- deposit_goods_value: the value (within the order's total) of the units still bought on deposit;
-- balance_due: what is still owed; balance_paid: what the balance payments brought;
-- balance_requested_at: when the shopper was asked to pay it (the waiting goods all in stock).
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "deposit_amount" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "deposit_goods_value" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "balance_due" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "balance_paid" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "balance_requested_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "balance_paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_deposit";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit" CHECK ("balance_due" >= 0 and "balance_paid" >= 0 and "deposit_goods_value" >= 0 and "balance_due" <= "deposit_goods_value" and ("deposit_amount" is null or ("deposit_amount" > 0 and "deposit_amount" <= "total")));
--> statement-breakpoint
-- orders whose balance is owed, for the back-order job (ask for it, release the goods when unpaid)
CREATE INDEX IF NOT EXISTS "orders_balance_due_idx" ON "orders" ("balance_requested_at") WHERE "balance_due" > 0;
--> statement-breakpoint
-- units of the line bought on deposit whose balance is still owed: while it is, those in stock are held
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "deposit_units" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT IF EXISTS "order_lines_deposit_units";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_deposit_units" CHECK ("deposit_units" >= 0 and "deposit_units" <= "quantity");
--> statement-breakpoint
-- what a payment attempt is for: the order (its whole total or its deposit) or its balance
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "purpose" text DEFAULT 'order' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT IF EXISTS "payments_purpose";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose" CHECK ("purpose" in ('order', 'balance'));
--> statement-breakpoint
-- an order paid by deposit has two receipts: the deposit's and the balance's (one of each kind)
ALTER TABLE "fiscal_receipts" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'sale' NOT NULL;
--> statement-breakpoint
ALTER TABLE "fiscal_receipts" DROP CONSTRAINT IF EXISTS "fiscal_receipts_kind";
--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_kind" CHECK ("kind" in ('sale', 'deposit', 'balance'));
--> statement-breakpoint
ALTER TABLE "fiscal_receipts" DROP CONSTRAINT IF EXISTS "fiscal_receipts_order_id_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "fiscal_receipts_order_kind_idx" ON "fiscal_receipts" ("order_id", "kind");
