-- Part numbers the way engineers type them. A product's name writes "MQ-2", "HC-SR04", "L7805CV",
-- "NEMA 17"; a buyer types "mq2", "hcsr04", "lm7805" or "7805", "nema17". The text parser reads
-- "MQ-2" as 'mq' and '-2' and "L7805CV" as one word, so none of those typed forms found anything.
-- search_part_terms(name) gives a name's part numbers in those forms, and search_vector carries
-- them beside the name, with the name's weight:
--   hyphenated ones written together, from their first part (which has a letter) to each later
--     part, where that much has a digit ("HC-SR04" → hcsr04, "ESP32-WROOM-32" → esp32wroom,
--     esp32wroom32; "3-6V" is a range and "USB-C" no part number);
--   a capitalised word and the number after it written together ("NEMA 17" → nema17, "Pi 5" → pi5),
--     unless a unit or a count follows ("7 inch", "560 pcs");
--   a part number's stem without its maker's letters (1 to 6, and a "74HC" or "1N" family prefix),
--     where at least three digits follow them, and the stem's number
--     ("L7805CV" → 7805cv, 7805; "ATmega328P" → 328p, 328; "74HC595" → 595; "ESP32" has none).
-- The query side (src/server/search/terms.ts: compactPartNumber, partStem, partCore) applies the
-- same rules to what is typed. Values ("10k", "22pF") are not terms: search reads them as spec filters.
-- (plpgsql rather than one SQL statement: some 60% of its time, which a load of a million products feels)
CREATE OR REPLACE FUNCTION search_part_terms(name text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	low text := lower(name);
	terms text[] := '{}';
	m text[];
	parts text[];
	run text;
BEGIN
	IF low !~ '[0-9]' THEN
		RETURN '';
	END IF;
	FOR m IN SELECT regexp_matches(low, '[a-z0-9]+(?:-[a-z0-9]+)+', 'g') LOOP
		parts := string_to_array(m[1], '-');
		IF parts[1] ~ '[a-z]' THEN
			run := parts[1];
			FOR j IN 2 .. cardinality(parts) LOOP
				run := run || parts[j];
				IF run ~ '[0-9]' THEN
					terms := terms || run;
				END IF;
			END LOOP;
		END IF;
	END LOOP;
	FOR m IN SELECT regexp_matches(name, '(?:^|[\s(])([A-Z][A-Za-z]+) ([0-9]{1,4})(?=$|[),]|\s[^a-z])', 'g') LOOP
		terms := terms || lower(m[1] || m[2]);
	END LOOP;
	-- stems of the name's words and of the terms above
	FOR m IN SELECT regexp_matches(low || ' ' || array_to_string(terms, ' '), '(?:^|[^a-z0-9])[0-9]{0,2}[a-z]{1,6}([0-9]{3,}[a-z0-9]*)(?![a-z0-9])', 'g') LOOP
		terms := terms || m[1] || substring(m[1] FROM '^[0-9]+');
	END LOOP;
	RETURN coalesce((SELECT string_agg(DISTINCT t, ' ') FROM unnest(terms) AS t), '');
END $fn$;
--> statement-breakpoint
-- A generated column's expression cannot be changed in place before PostgreSQL 17: dropped and
-- added again (its index goes with it).
ALTER TABLE "products" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', search_part_terms(coalesce(name, ''))), 'A') || setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
-- search_rank's name_vector is the name's part of search_vector (weight A: the name and its part
-- numbers), so "every word in the name" counts "mq2" in "MQ-2 Gas Sensor" too, and the name is not
-- parsed twice.
CREATE OR REPLACE FUNCTION search_rank_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_rank (product_id, popularity, category_id, brand_id, price, stock_quantity, name_vector, vector)
	SELECT id, sales_count, category_id, brand_id, price, stock_quantity, ts_filter(search_vector, '{a}'), search_vector FROM new_rows
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
		VALUES (NEW.id, NEW.sales_count, NEW.category_id, NEW.brand_id, NEW.price, NEW.stock_quantity, ts_filter(NEW.search_vector, '{a}'), NEW.search_vector);
	ELSE
		UPDATE search_rank SET popularity = NEW.sales_count, category_id = NEW.category_id, brand_id = NEW.brand_id, price = NEW.price,
			stock_quantity = NEW.stock_quantity WHERE product_id = NEW.id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_rank() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DROP INDEX IF EXISTS search_rank_vector_idx;
	DROP INDEX IF EXISTS search_rank_name_vector_idx;
	TRUNCATE search_rank;
	INSERT INTO search_rank (product_id, popularity, category_id, brand_id, price, stock_quantity, name_vector, vector)
	SELECT id, sales_count, category_id, brand_id, price, stock_quantity, ts_filter(search_vector, '{a}'), search_vector
	FROM products WHERE archived_at IS NULL ORDER BY sales_count DESC, id DESC;
	CREATE INDEX search_rank_vector_idx ON search_rank USING gin (vector);
	CREATE INDEX search_rank_name_vector_idx ON search_rank USING gin (name_vector);
	ANALYZE search_rank;
END $$;
--> statement-breakpoint
-- The lexicon knows the part numbers' typed forms ("mq2", "7805"), so the resolver searches them as
-- catalogue words instead of dropping them, and suggestions find names by them; and words with the
-- micro sign whole ("1000µf"), as the text index has them.
CREATE OR REPLACE FUNCTION refresh_search_lexicon() RETURNS void LANGUAGE sql AS $$
	DELETE FROM search_lexicon;
	INSERT INTO search_lexicon (word, frequency)
	SELECT w, count(*)::int
	FROM products p,
		regexp_split_to_table(lower(p.name || ' ' || p.brand || ' ' || p.category || ' ' || p.description) || ' ' || search_part_terms(p.name), '[^a-z0-9µ]+') AS w
	WHERE length(w) >= 2 AND p.archived_at IS NULL
	GROUP BY w;
	DELETE FROM search_suggestion;
	INSERT INTO search_suggestion (name, popularity, vector)
	SELECT name, max(sales_count), to_tsvector('english', name || ' ' || search_part_terms(name))
	FROM (SELECT name, sales_count FROM products WHERE archived_at IS NULL ORDER BY sales_count DESC, id DESC LIMIT 20000) AS top
	GROUP BY name;
	ANALYZE search_lexicon;
	ANALYZE search_suggestion;
	SELECT refresh_search_rank();
$$;
--> statement-breakpoint
SELECT refresh_search_lexicon();
