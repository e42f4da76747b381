-- WhatsApp carries a number's order updates only once its owner chose it (WhatsApp's business rules
-- require that opt-in); SMS carries them unless the owner opted out.
ALTER TABLE "message_preferences" ADD COLUMN IF NOT EXISTS "whatsapp_opt_in_at" timestamp with time zone;
