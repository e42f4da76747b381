-- Facet counts kept up to date. A category's facets, with no spec filter or one, were counted from
-- every spec row of the selection: at 1,000,000 products one broad filter ("package = 0805",
-- 65,000 products) made PostgreSQL read 150,000-300,000 index entries for one facet (50-120 ms of
-- CPU a group, three groups a page). These tables hold the answer instead:
-- - spec_facet_sets: each product on sale's distinct values (numbers without trailing zeros) as
--   one sorted array, the last state counted, so a change can take its old contribution out again;
--   products with the same values share their pairs when everything is counted anew;
-- - spec_facet_pairs: per category, how many products on sale carry value `a` and value `b`
--   together. `b` with no value (val '') means "has the key at all"; `a` with the key '' means "any
--   product" (the counts without a filter). Pairs of two different values of one key are kept too:
--   where a product carries several values of a key (its options), adding up a filter's values would
--   count it twice, and the shop then counts from the spec rows instead.
-- Triggers keep them in step with every change of product_specs and every archiving; a bulk load
-- defers them (storefront.defer_spec_facets = 'on') and rebuilds after.
CREATE TABLE IF NOT EXISTS "spec_facet_sets" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"vals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "spec_facet_pairs" (
	"category_id" integer NOT NULL,
	"a_key" text NOT NULL,
	"a_num" numeric,
	"a_text" text,
	"a_val" text NOT NULL,
	"b_key" text NOT NULL,
	"b_num" numeric,
	"b_text" text,
	"b_val" text NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "spec_facet_pairs_pair_idx" ON "spec_facet_pairs" ("category_id", "a_key", "a_val", "b_key", "b_val");
--> statement-breakpoint
-- The values of the products `ids` that are on sale, one row per product.
CREATE OR REPLACE FUNCTION spec_facet_sets_of(ids integer[])
RETURNS TABLE (product_id integer, category_id integer, vals jsonb)
LANGUAGE sql STABLE AS $$
	SELECT s.product_id, p.category_id, jsonb_agg(DISTINCT jsonb_build_array(s.key, trim_scale(s.num), s.text))
	FROM product_specs s JOIN products p ON p.id = s.product_id
	WHERE p.archived_at IS NULL AND s.product_id = ANY(ids)
	GROUP BY s.product_id, p.category_id
$$;
--> statement-breakpoint
-- The pairs one product's values make.
CREATE OR REPLACE FUNCTION spec_facet_pairs_in(vals jsonb)
RETURNS TABLE (a_key text, a_num numeric, a_text text, a_val text, b_key text, b_num numeric, b_text text, b_val text)
LANGUAGE sql IMMUTABLE AS $$
	WITH v AS (
		SELECT e->>0 AS key, (e->>1)::numeric AS num, e->>2 AS text, coalesce(e->>2, e->>1) AS val FROM jsonb_array_elements(vals) e
	), a AS (
		SELECT v.key, v.num, v.text, v.val FROM v
		UNION ALL
		SELECT '', NULL::numeric, NULL::text, ''
	), b AS (
		SELECT v.key, v.num, v.text, v.val FROM v
		UNION ALL
		SELECT DISTINCT v.key, NULL::numeric, NULL::text, '' FROM v
	)
	SELECT a.key, a.num, a.text, a.val, b.key, b.num, b.text, b.val
	FROM a CROSS JOIN b
	WHERE a.key <> b.key OR (b.val <> '' AND a.val <> b.val)
$$;
--> statement-breakpoint
-- Adds `sign` times the pairs of the counted products `ids` (rows locked in one order: two changes
-- at once cannot deadlock on them), then drops the pairs no product carries any more.
CREATE OR REPLACE FUNCTION spec_facet_pairs_add(ids integer[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO spec_facet_pairs AS p (category_id, a_key, a_num, a_text, a_val, b_key, b_num, b_text, b_val, products)
	SELECT s.category_id, x.a_key, min(x.a_num), min(x.a_text), x.a_val, x.b_key, min(x.b_num), min(x.b_text), x.b_val, sign * count(*)
	FROM spec_facet_sets s CROSS JOIN LATERAL spec_facet_pairs_in(s.vals) x
	WHERE s.product_id = ANY(ids)
	GROUP BY s.category_id, x.a_key, x.a_val, x.b_key, x.b_val
	ORDER BY s.category_id, x.a_key, x.a_val, x.b_key, x.b_val
	ON CONFLICT (category_id, a_key, a_val, b_key, b_val) DO UPDATE SET products = p.products + excluded.products;
	IF sign < 0 THEN
		DELETE FROM spec_facet_pairs WHERE products <= 0;
	END IF;
END $$;
--> statement-breakpoint
-- The products `ids` counted again from their spec rows (none when archived or gone).
CREATE OR REPLACE FUNCTION spec_facets_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(array_length(ids, 1), 0) = 0 THEN RETURN; END IF;
	PERFORM spec_facet_pairs_add(ids, -1);
	DELETE FROM spec_facet_sets WHERE product_id = ANY(ids);
	INSERT INTO spec_facet_sets (product_id, category_id, vals) SELECT * FROM spec_facet_sets_of(ids);
	PERFORM spec_facet_pairs_add(ids, 1);
END $$;
--> statement-breakpoint
-- (everything counted again, spec_facets_rebuild(), is defined with the sets' last columns in 0056)
CREATE OR REPLACE FUNCTION spec_facets_after_specs_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('storefront.defer_spec_facets', true) = 'on' THEN RETURN NULL; END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM spec_facets_refresh(array(SELECT DISTINCT product_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM spec_facets_refresh(array(SELECT DISTINCT product_id FROM old_rows));
	ELSE
		PERFORM spec_facets_refresh(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spec_facets_after_archive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('storefront.defer_spec_facets', true) = 'on' THEN RETURN NULL; END IF;
	PERFORM spec_facets_refresh(ARRAY[NEW.id]);
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_specs_facets_after_insert ON product_specs;
--> statement-breakpoint
CREATE TRIGGER product_specs_facets_after_insert AFTER INSERT ON product_specs
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spec_facets_after_specs_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_specs_facets_after_update ON product_specs;
--> statement-breakpoint
CREATE TRIGGER product_specs_facets_after_update AFTER UPDATE ON product_specs
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spec_facets_after_specs_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_specs_facets_after_delete ON product_specs;
--> statement-breakpoint
CREATE TRIGGER product_specs_facets_after_delete AFTER DELETE ON product_specs
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spec_facets_after_specs_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_facets_after_archive ON products;
--> statement-breakpoint
CREATE TRIGGER products_facets_after_archive AFTER UPDATE OF archived_at ON products
	FOR EACH ROW WHEN ((OLD.archived_at IS NULL) <> (NEW.archived_at IS NULL)) EXECUTE FUNCTION spec_facets_after_archive();
