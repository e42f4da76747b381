-- Newsletter sign-ups from the footer box. Addresses are stored trimmed and lower-cased (the check
-- keeps every writer to that), so the unique constraint also catches "A@B.co " after "a@b.co" and
-- `insert ... on conflict do nothing` stays safe when the same address is posted twice at once.
-- consent_at is when the person agreed to marketing e-mail (Personal Data Protection Act 2022).
CREATE TABLE IF NOT EXISTS "newsletter_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsletter_subscription_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscription_email_normalised" CHECK ("email" = lower(btrim("email")))
);
