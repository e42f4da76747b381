-- Text messages (SMS, WhatsApp) beside e-mail: a durable outbox like mail_outbox (quotas per
-- number, per client address and a day's budget count its rows; quiet hours defer next_attempt_at;
-- the provider's message id ties delivery reports to a row), the delivery reports received (once
-- each: a replayed report changes nothing), and each number's choices (an opt-out per channel,
-- marketing consent, when it was told the shop never asks for money to a personal number).
CREATE TABLE "message_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"text" text NOT NULL,
	"template" jsonb,
	"event" text NOT NULL,
	"order_id" integer REFERENCES "orders"("id") ON DELETE SET NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"locale" text DEFAULT 'sw' NOT NULL,
	"dedupe_key" text,
	"client_ip" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"provider" text,
	"provider_message_id" text,
	"delivery_state" text,
	"delivery_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "message_outbox_channel" CHECK ("channel" in ('sms', 'whatsapp')),
	CONSTRAINT "message_outbox_state" CHECK ("state" in ('pending', 'sending', 'sent', 'failed', 'dead')),
	CONSTRAINT "message_outbox_delivery_state" CHECK ("delivery_state" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" ("state", "next_attempt_at");
--> statement-breakpoint
CREATE INDEX "message_outbox_recipient_idx" ON "message_outbox" ("channel", "recipient", "created_at");
--> statement-breakpoint
CREATE INDEX "message_outbox_client_idx" ON "message_outbox" ("client_ip", "created_at");
--> statement-breakpoint
CREATE INDEX "message_outbox_created_idx" ON "message_outbox" ("channel", "created_at");
--> statement-breakpoint
CREATE INDEX "message_outbox_order_idx" ON "message_outbox" ("order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_provider_message_idx" ON "message_outbox" ("provider", "provider_message_id");
--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_deliveries_state" CHECK ("state" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_report_idx" ON "message_deliveries" ("provider", "provider_message_id", "state");
--> statement-breakpoint
CREATE INDEX "message_deliveries_received_idx" ON "message_deliveries" ("received_at");
--> statement-breakpoint
CREATE TABLE "message_preferences" (
	"phone" text PRIMARY KEY NOT NULL,
	"sms_opt_out_at" timestamp with time zone,
	"whatsapp_opt_out_at" timestamp with time zone,
	"marketing_consent_at" timestamp with time zone,
	"safety_notice_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
