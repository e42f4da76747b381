-- Review invitations: when an order's buyer was invited to review what it held (some days after
-- delivery, once). The job reads the deliveries of a few days' window from the order events, by
-- their status and time, so orders delivered long ago are never read again.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "review_invited_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_events_status_at_idx" ON "order_events" ("status", "at");
--> statement-breakpoint
-- the "Popular" badge's threshold by reviews (the top share of the catalogue) reads this index down from the top and stops
CREATE INDEX IF NOT EXISTS "products_reviews_idx" ON "products" ("reviews", "id");
