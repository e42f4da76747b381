ALTER TABLE "sandbox_payments" ADD COLUMN "callback_body" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "callback_delivered_at" timestamp with time zone;