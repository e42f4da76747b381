-- Spec filters through one inverted index. A listing, its facets and a search with two spec
-- filters intersected the filters' btree ranges of product_specs (a hash join of 20,000-60,000 rows
-- each at 1,000,000 products, 22-47 ms), and the facets nobody selected were counted by reading
-- every spec row of the 5,000-15,000 products in the selection (150-170 ms). Each counted product's
-- values (spec_facet_sets, one row per product on sale, kept by the triggers of migration 0053) are
-- also written as tokens, "key=value" (a number as its trimmed numeric text): a GIN index over them
-- intersects two filters in 5-12 ms, and the selection's rows carry every value to count.
-- A number filter becomes the tokens of the values present in its range or tolerance, read from the
-- kept pair counts (a few hundred rows, by the index below).
CREATE OR REPLACE FUNCTION spec_facet_tokens(vals jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(array_agg((e->>0) || '=' || coalesce(e->>2, e->>1)), '{}') FROM jsonb_array_elements(vals) e
$$;
--> statement-breakpoint
ALTER TABLE "spec_facet_sets" ADD COLUMN IF NOT EXISTS "tokens" text[] GENERATED ALWAYS AS (spec_facet_tokens(vals)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "spec_facet_sets_tokens_idx" ON "spec_facet_sets" USING gin ("tokens");
--> statement-breakpoint
-- the values present of a key (pairs with "any product"), by key and number
CREATE INDEX IF NOT EXISTS "spec_facet_pairs_values_idx" ON "spec_facet_pairs" ("b_key", "b_num", "b_text") INCLUDE ("b_val") WHERE "a_key" = '' AND "b_val" <> '';
