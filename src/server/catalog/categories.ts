import { asc, sql } from "drizzle-orm";
import type { Database } from "../db";
import { categories } from "../db/schema";
import { cachedList } from "./catalog-cache";

import type { CategoryWithCount } from "@/lib/api-contract";

export type { CategoryWithCount };

/** Every category with its product count; on every page (header panel), so cached like the counts. */
export async function listCategories(db: Database): Promise<CategoryWithCount[]> {
  return cachedList("categories", () => queryCategories(db));
}

function queryCategories(db: Database): Promise<CategoryWithCount[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      nameSw: categories.nameSw,
      slug: categories.slug,
      productCount: sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id" and p.archived_at is null)`,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}
