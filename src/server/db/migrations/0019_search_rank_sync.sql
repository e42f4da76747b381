-- search_rank is kept in step with products by the triggers below, and laid out most popular
-- first (rebuilt so by refresh_search_lexicon, which runs after seeding): a search reads its
-- matches in that order and stops after a few thousand, so its cost does not grow with the catalogue.
-- Inserts (bulk seeding too) and deletes are handled once per statement through their transition
-- tables; an update of one product's searched or filtered columns once per row.
CREATE OR REPLACE FUNCTION search_rank_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_rank (product_id, popularity, category_id, brand_id, price, stock_quantity, name_vector, vector)
	SELECT id, sales_count, category_id, brand_id, price, stock_quantity, to_tsvector('english', coalesce(name, '')), search_vector FROM new_rows
	ON CONFLICT (product_id) DO UPDATE SET popularity = excluded.popularity, category_id = excluded.category_id, brand_id = excluded.brand_id,
		price = excluded.price, stock_quantity = excluded.stock_quantity, name_vector = excluded.name_vector, vector = excluded.vector;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_rank_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM search_rank s USING old_rows o WHERE s.product_id = o.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_rank_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.name IS DISTINCT FROM OLD.name OR NEW.search_vector IS DISTINCT FROM OLD.search_vector OR NEW.id <> OLD.id THEN
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
CREATE OR REPLACE FUNCTION search_rank_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE search_rank;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_rank_after_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rank_insert();
--> statement-breakpoint
CREATE TRIGGER search_rank_after_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rank_delete();
--> statement-breakpoint
CREATE TRIGGER search_rank_after_update AFTER UPDATE OF name, description, brand, category, category_id, brand_id, price, stock_quantity, sales_count ON products
	FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION search_rank_update();
--> statement-breakpoint
CREATE TRIGGER search_rank_after_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION search_rank_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_rank() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DROP INDEX IF EXISTS search_rank_vector_idx;
	DROP INDEX IF EXISTS search_rank_name_vector_idx;
	TRUNCATE search_rank;
	INSERT INTO search_rank (product_id, popularity, category_id, brand_id, price, stock_quantity, name_vector, vector)
	SELECT id, sales_count, category_id, brand_id, price, stock_quantity, to_tsvector('english', coalesce(name, '')), search_vector
	FROM products ORDER BY sales_count DESC, id DESC;
	CREATE INDEX search_rank_vector_idx ON search_rank USING gin (vector);
	CREATE INDEX search_rank_name_vector_idx ON search_rank USING gin (name_vector);
	ANALYZE search_rank;
END $$;
--> statement-breakpoint
-- Refreshing the lexicon (after seeding) also lays search_rank out most popular first again.
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
	SELECT refresh_search_rank();
$$;
--> statement-breakpoint
SELECT refresh_search_rank();
