-- Checkout without an account, and short signed links in text messages.
-- shop_secrets: keys the shop makes for itself at first use (the key signing the links sent by SMS),
-- kept in the database so every app server and every restart signs and checks alike.
CREATE TABLE IF NOT EXISTS "shop_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One-time codes sent by SMS to confirm a mobile number (a guest's checkout, claiming a guest's
-- orders into an account): only a hash is kept, a code expires, and a few wrong tries spend it.
CREATE TABLE IF NOT EXISTS "phone_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_purpose" CHECK ("purpose" in ('checkout', 'claim'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_codes_phone_idx" ON "phone_codes" ("phone", "purpose", "created_at");
--> statement-breakpoint
-- A guest's order: no account, the mobile number it was confirmed with (by a code, or by the
-- mobile-money payment from that number), which later claims it into an account.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "guest_phone" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "guest_phone_confirmed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_guest_phone_idx" ON "orders" ("guest_phone") WHERE "guest_phone" IS NOT NULL;
--> statement-breakpoint
-- A coupon's per-shopper limit counts a guest by the phone.
ALTER TABLE "coupon_redemptions" ADD COLUMN IF NOT EXISTS "phone" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coupon_redemptions_phone_idx" ON "coupon_redemptions" ("phone", "coupon_id") WHERE "phone" IS NOT NULL;
--> statement-breakpoint
-- a guest may check out without an e-mail address: the order is told by SMS
ALTER TABLE "orders" ALTER COLUMN "email" DROP NOT NULL;
--> statement-breakpoint
-- a guest's repeated submit finds the first order, as a signed-in shopper's does by (user_id, key)
CREATE UNIQUE INDEX IF NOT EXISTS "orders_guest_idempotency_idx" ON "orders" ("guest_phone", "idempotency_key") WHERE "user_id" IS NULL AND "guest_phone" IS NOT NULL;
