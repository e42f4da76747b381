ALTER TABLE "fiscal_receipts" ALTER COLUMN "verification_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ALTER COLUMN "qr_payload" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD COLUMN "fiscal_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- The codes stored so far were drawn by the shop itself and never accepted by TRA: no buyer could
-- verify them. A verification code is now only what a fiscal device gives when it accepts a receipt.
UPDATE "fiscal_receipts" SET "verification_code" = NULL, "qr_payload" = NULL WHERE "fiscal_confirmed_at" IS NULL;
