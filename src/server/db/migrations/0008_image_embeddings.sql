CREATE TABLE "image_embeddings" (
	"image" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"embedding" real[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_image_idx" ON "products" USING btree ("image","sales_count" DESC NULLS LAST,"id");--> statement-breakpoint
-- pgvector where the server has it (PGlite bundles it; Debian's PostgreSQL 15 has no package):
-- a generated vector copy of the embedding for nearest-neighbour queries in SQL. Without it the
-- app keeps an exact in-process index of the same rows instead.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
    ALTER TABLE image_embeddings ADD COLUMN vec vector GENERATED ALWAYS AS (embedding::vector) STORED;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pgvector is installed but this role may not create it; image search uses the in-process index';
END $$;
