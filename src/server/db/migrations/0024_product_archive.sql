ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
-- An archived product leaves search: search_rank holds the products on sale only.
CREATE OR REPLACE FUNCTION search_rank_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_rank (product_id, popularity, category_id, brand_id, price, stock_quantity, name_vector, vector)
	SELECT id, sales_count, category_id, brand_id, price, stock_quantity, to_tsvector('english', coalesce(name, '')), search_vector FROM new_rows
	WHERE archived_at IS NULL
	ON CONFLICT (product_id) DO UPDATE SET popularity = excluded.popularity, category_id = excluded.category_id, brand_id = excluded.brand_id,
		price = excluded.price, stock_quantity = excluded.stock_quantity, name_vector = excluded.name_vector, vector = excluded.vector;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_rank_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.archived_at IS NOT NULL THEN
		DELETE FROM search_rank WHERE product_id = OLD.id;
	ELSIF OLD.archived_at IS NOT NULL OR NEW.name IS DISTINCT FROM OLD.name OR NEW.search_vector IS DISTINCT FROM OLD.search_vector OR NEW.id <> OLD.id THEN
		DELETE FROM search_rank WHERE product_id = OLD.id;
		INSERT INTO search_rank (product_id, popularity, category_id, brand_id, price, stock_quantity, name_vector, vector)
		VALUES (NEW.id, NEW.sales_count, NEW.category_id, NEW.brand_id, NEW.price, NEW.stock_quantity, to_tsvector('english', coalesce(NEW.name, '')), NEW.search_vector);
	ELSE
		UPDATE search_rank SET popularity = NEW.sales_count, category_id = NEW.category_id, brand_id = NEW.brand_id, price = NEW.price,
			stock_quantity = NEW.stock_quantity WHERE product_id = NEW.id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_rank_after_update ON products;
--> statement-breakpoint
CREATE TRIGGER search_rank_after_update AFTER UPDATE OF name, description, brand, category, category_id, brand_id, price, stock_quantity, sales_count, archived_at ON products
	FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION search_rank_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_rank() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DROP INDEX IF EXISTS search_rank_vector_idx;
	DROP INDEX IF EXISTS search_rank_name_vector_idx;
	TRUNCATE search_rank;
	INSERT INTO search_rank (product_id, popularity, category_id, brand_id, price, stock_quantity, name_vector, vector)
	SELECT id, sales_count, category_id, brand_id, price, stock_quantity, to_tsvector('english', coalesce(name, '')), search_vector
	FROM products WHERE archived_at IS NULL ORDER BY sales_count DESC, id DESC;
	CREATE INDEX search_rank_vector_idx ON search_rank USING gin (vector);
	CREATE INDEX search_rank_name_vector_idx ON search_rank USING gin (name_vector);
	ANALYZE search_rank;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_lexicon() RETURNS void LANGUAGE sql AS $$
	DELETE FROM search_lexicon;
	INSERT INTO search_lexicon (word, frequency)
	SELECT w, count(*)::int
	FROM products p, regexp_split_to_table(lower(p.name || ' ' || p.brand || ' ' || p.category || ' ' || p.description), '[^a-z0-9]+') AS w
	WHERE length(w) >= 2 AND p.archived_at IS NULL
	GROUP BY w;
	DELETE FROM search_suggestion;
	INSERT INTO search_suggestion (name, popularity, vector)
	SELECT name, max(sales_count), to_tsvector('english', name)
	FROM (SELECT name, sales_count FROM products WHERE archived_at IS NULL ORDER BY sales_count DESC, id DESC LIMIT 20000) AS top
	GROUP BY name;
	ANALYZE search_lexicon;
	ANALYZE search_suggestion;
	SELECT refresh_search_rank();
$$;
