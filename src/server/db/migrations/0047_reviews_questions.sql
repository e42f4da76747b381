-- Reviews by buyers and questions answered in public. A product's rating and review count now come
-- from its published reviews (demo reviews included while the shop runs on demo data), kept by a
-- trigger in the transaction that changes a review, under the product row's lock so concurrent
-- reviews never leave a stale average; `real_rating`/`real_reviews` count real (non-demo) reviews
-- only, which structured data for search engines uses.
CREATE TABLE IF NOT EXISTS "product_reviews" (
  "id" serial PRIMARY KEY,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  -- who wrote it: an account, or a guest through their order's signed link (one review per product and person)
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "author_key" text NOT NULL,
  "author_name" text NOT NULL,
  -- the delivered order that makes it a verified purchase (null for demo reviews)
  "order_id" integer REFERENCES "orders"("id") ON DELETE SET NULL,
  -- the option bought, as the order line named it ("Colour: Red"), empty when the product has none
  "variant_label" text DEFAULT '' NOT NULL,
  "rating" smallint NOT NULL CHECK ("rating" BETWEEN 1 AND 5),
  "title" text DEFAULT '' NOT NULL,
  "body" text DEFAULT '' NOT NULL,
  "locale" text NOT NULL CHECK ("locale" IN ('sw', 'en')),
  "status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'published', 'hidden')),
  -- a review is hidden only for abuse, spam or personal data, never for being bad
  "hidden_reason" text CHECK ("hidden_reason" IN ('abuse', 'spam', 'personal_data')),
  "moderation_note" text,
  "moderated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "moderated_at" timestamp with time zone,
  "verified_purchase" boolean DEFAULT false NOT NULL,
  "demo" boolean DEFAULT false NOT NULL,
  "helpful_count" integer DEFAULT 0 NOT NULL,
  "report_count" integer DEFAULT 0 NOT NULL,
  "shop_answer" text,
  "shop_answered_at" timestamp with time zone,
  "shop_answered_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_reviews_hidden" CHECK (("status" = 'hidden') = ("hidden_reason" IS NOT NULL)),
  CONSTRAINT "product_reviews_demo_unverified" CHECK (NOT ("demo" AND "verified_purchase"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "product_reviews_author_idx" ON "product_reviews" ("product_id", "author_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_reviews_published_idx" ON "product_reviews" ("product_id", "created_at" DESC) WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_reviews_moderation_idx" ON "product_reviews" ("status", "report_count" DESC, "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_reviews_user_idx" ON "product_reviews" ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "review_photos" (
  "id" serial PRIMARY KEY,
  "review_id" integer NOT NULL REFERENCES "product_reviews"("id") ON DELETE CASCADE,
  "media_key" text NOT NULL,
  "position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_photos_review_idx" ON "review_photos" ("review_id", "position");
--> statement-breakpoint
-- "helpful" marks and reports, one of each per review and person (an account, or an address for a guest's mark)
CREATE TABLE IF NOT EXISTS "review_votes" (
  "review_id" integer NOT NULL REFERENCES "product_reviews"("id") ON DELETE CASCADE,
  "voter_key" text NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('helpful', 'report')),
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("review_id", "voter_key", "kind")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_questions" (
  "id" serial PRIMARY KEY,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "author_name" text NOT NULL,
  "body" text NOT NULL,
  "locale" text NOT NULL CHECK ("locale" IN ('sw', 'en')),
  "status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'published', 'hidden')),
  "hidden_reason" text CHECK ("hidden_reason" IN ('abuse', 'spam', 'personal_data')),
  "moderation_note" text,
  "moderated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "moderated_at" timestamp with time zone,
  "report_count" integer DEFAULT 0 NOT NULL,
  "demo" boolean DEFAULT false NOT NULL,
  -- set when its first published answer appears: only answered questions show on the product page and in search
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_questions_hidden" CHECK (("status" = 'hidden') = ("hidden_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_questions_product_idx" ON "product_questions" ("product_id", "answered_at" DESC) WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_questions_moderation_idx" ON "product_questions" ("status", "report_count" DESC, "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_answers" (
  "id" serial PRIMARY KEY,
  "question_id" integer NOT NULL REFERENCES "product_questions"("id") ON DELETE CASCADE,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "author_name" text NOT NULL,
  -- written by the shop (an admin), or by a shopper who has a delivered order holding the product
  "by_shop" boolean DEFAULT false NOT NULL,
  "verified_buyer" boolean DEFAULT false NOT NULL,
  "body" text NOT NULL,
  "locale" text NOT NULL CHECK ("locale" IN ('sw', 'en')),
  "status" text DEFAULT 'published' NOT NULL CHECK ("status" IN ('pending', 'published', 'hidden')),
  "hidden_reason" text CHECK ("hidden_reason" IN ('abuse', 'spam', 'personal_data')),
  "moderation_note" text,
  "moderated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "moderated_at" timestamp with time zone,
  "report_count" integer DEFAULT 0 NOT NULL,
  "demo" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_answers_hidden" CHECK (("status" = 'hidden') = ("hidden_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_answers_question_idx" ON "product_answers" ("question_id", "created_at");
--> statement-breakpoint
-- answered questions are found by the shop's search: their question and answers' words, per question
CREATE INDEX IF NOT EXISTS "product_questions_search_idx" ON "product_questions" USING gin (to_tsvector('simple', "body")) WHERE "status" = 'published' AND "answered_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_answers_search_idx" ON "product_answers" USING gin (to_tsvector('simple', "body")) WHERE "status" = 'published';
--> statement-breakpoint
-- the rating's shape: how many published reviews gave 1 … 5 stars; and the real (non-demo) count and average
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "rating_counts" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "real_rating" real DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "real_reviews" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_review_recount(p_product integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- the product row's lock orders concurrent changes to its reviews: each recount then sees the others' committed rows
  PERFORM 1 FROM products WHERE id = p_product FOR UPDATE;
  UPDATE products p SET
    reviews = s.n,
    rating = coalesce(s.avg, 0),
    rating_counts = ARRAY[s.c1, s.c2, s.c3, s.c4, s.c5],
    real_reviews = s.real_n,
    real_rating = coalesce(s.real_avg, 0)
  FROM (
    SELECT count(*)::int AS n, avg(rating)::real AS avg,
      count(*) FILTER (WHERE rating = 1)::int AS c1, count(*) FILTER (WHERE rating = 2)::int AS c2,
      count(*) FILTER (WHERE rating = 3)::int AS c3, count(*) FILTER (WHERE rating = 4)::int AS c4,
      count(*) FILTER (WHERE rating = 5)::int AS c5,
      count(*) FILTER (WHERE NOT demo)::int AS real_n, (avg(rating) FILTER (WHERE NOT demo))::real AS real_avg
    FROM product_reviews WHERE product_id = p_product AND status = 'published'
  ) s
  WHERE p.id = p_product;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM product_review_recount(OLD.product_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id <> OLD.product_id) THEN PERFORM product_review_recount(NEW.product_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_reviews_recount" ON "product_reviews";
--> statement-breakpoint
CREATE TRIGGER "product_reviews_recount" AFTER INSERT OR DELETE OR UPDATE OF "status", "rating", "demo", "product_id" ON "product_reviews" FOR EACH ROW EXECUTE FUNCTION product_reviews_changed();
--> statement-breakpoint
-- the seeded random ratings go: a product's numbers are what its review rows say (none yet)
UPDATE "products" SET "rating" = 0, "reviews" = 0 WHERE "rating" <> 0 OR "reviews" <> 0;
