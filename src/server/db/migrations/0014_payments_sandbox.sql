CREATE TABLE "sandbox_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"provider_payment_id" text NOT NULL,
	"method" text NOT NULL,
	"wallet" text,
	"phone" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sandbox_payments_provider_payment_id_unique" UNIQUE("provider_payment_id")
);
