-- Suggestions come from a narrow table of the most popular product names (refreshed with the
-- lexicon): matching a short prefix against it stays cheap however large the catalogue grows.
CREATE TABLE IF NOT EXISTS "search_suggestion" (
	"name" text PRIMARY KEY NOT NULL,
	"popularity" integer NOT NULL,
	"vector" tsvector NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_suggestion_vector_idx" ON "search_suggestion" USING gin ("vector");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_suggestion_popularity_idx" ON "search_suggestion" ("popularity", "name");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_lexicon() RETURNS void LANGUAGE sql AS $$
	DELETE FROM search_lexicon;
	INSERT INTO search_lexicon (word, frequency)
	SELECT w, count(*)::int
	FROM products p, regexp_split_to_table(lower(p.name || ' ' || p.brand || ' ' || p.category || ' ' || p.description), '[^a-z0-9]+') AS w
	WHERE length(w) >= 2
	GROUP BY w;
	DELETE FROM search_suggestion;
	INSERT INTO search_suggestion (name, popularity, vector)
	SELECT name, max(sales_count), to_tsvector('english', name)
	FROM (SELECT name, sales_count FROM products ORDER BY sales_count DESC, id DESC LIMIT 20000) AS top
	GROUP BY name;
	ANALYZE search_lexicon;
	ANALYZE search_suggestion;
$$;
--> statement-breakpoint
SELECT refresh_search_lexicon();
