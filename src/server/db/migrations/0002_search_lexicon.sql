-- The words of the catalogue (names, brands, categories, descriptions), for correcting typos:
-- a misspelt query word is replaced by its nearest lexicon word by trigram similarity.
CREATE TABLE IF NOT EXISTS "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_lexicon_prefix_idx" ON "search_lexicon" ("word" text_pattern_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_lexicon() RETURNS void LANGUAGE sql AS $$
	DELETE FROM search_lexicon;
	INSERT INTO search_lexicon (word, frequency)
	SELECT w, count(*)::int
	FROM products p, regexp_split_to_table(lower(p.name || ' ' || p.brand || ' ' || p.category || ' ' || p.description), '[^a-z0-9]+') AS w
	WHERE length(w) >= 2
	GROUP BY w;
$$;
