-- Reviews of one product written at the same time deadlocked in the rating's recount (migration 0047):
-- each insert's foreign-key check holds a KEY SHARE lock on the product row, and the recount asked for
-- FOR UPDATE, which waits for the other insert's KEY SHARE while that one waits for this one's. The
-- recount now takes FOR NO KEY UPDATE, which KEY SHARE does not block and which still orders recounts.
CREATE OR REPLACE FUNCTION product_review_recount(p_product integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- the product row's lock orders concurrent changes to its reviews: each recount then sees the others' committed rows.
  -- FOR NO KEY UPDATE, not FOR UPDATE: inserting a review holds a KEY SHARE lock on its product
  -- (the foreign key's check), which FOR UPDATE waits for, so two reviews inserted at once deadlocked.
  PERFORM 1 FROM products WHERE id = p_product FOR NO KEY UPDATE;
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
