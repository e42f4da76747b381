-- Two changes of one product's counted values at the same moment (an admin's edit while an import
-- runs, or an edit while an order changes the product's stock) were counted wrong: the later one
-- took the product's old values out of the pair counts while the first still held them, so after
-- both the counts were off by one product and the set kept the stock the first had copied. A
-- refresh now first locks its products' rows (in one order, so two refreshes cannot deadlock), as
-- an update of the product does: the later change waits, and then reads what the first wrote.
CREATE OR REPLACE FUNCTION spec_facets_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(array_length(ids, 1), 0) = 0 THEN RETURN; END IF;
	PERFORM 1 FROM products WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
	PERFORM spec_facet_pairs_add(ids, -1);
	DELETE FROM spec_facet_sets WHERE product_id = ANY(ids);
	INSERT INTO spec_facet_sets (product_id, category_id, vals) SELECT * FROM spec_facet_sets_of(ids);
	PERFORM spec_facet_sets_copy_listing(ids);
	PERFORM spec_facet_pairs_add(ids, 1);
END $$;
