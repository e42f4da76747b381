import { z } from "zod";
import { text } from "./schemas";
import { PRODUCT_OFFSET_MAX, PRODUCT_PAGE_MAX, SORT_FIELDS, type ProductQuery } from "@/lib/product-query";

const booleanParam = z.enum(["true", "false", "1", "0"], { message: "must be true or false" }).transform((v) => v === "true" || v === "1");

const wholeNumber = (name: string, max: number) =>
  text(name, 1000)
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().max(max, `${name} must be at most ${max}`));

const trimmed = (name: string, max: number) =>
  text(name, max)
    .transform((v) => v.trim())
    .optional();

/** The query string of GET /api/products, validated in one place; errors name the parameter. */
export const productQuerySchema = z
  .object({
    category: trimmed("category", 100),
    brand: trimmed("brand", 100),
    search: trimmed("search", 200),
    limit: wholeNumber("limit", PRODUCT_PAGE_MAX).pipe(z.number().min(1, "limit must be at least 1")).optional(),
    offset: wholeNumber("offset", PRODUCT_OFFSET_MAX).optional(),
    sortBy: z.enum(SORT_FIELDS, { message: `sortBy must be one of ${SORT_FIELDS.join(", ")}` }).optional(),
    sortOrder: z.enum(["asc", "desc"], { message: "sortOrder must be asc or desc" }).optional(),
    minPrice: wholeNumber("minPrice", 1_000_000_000).optional(),
    maxPrice: wholeNumber("maxPrice", 1_000_000_000).optional(),
    categories: text("categories", 2000)
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(100)).max(50, "categories may name at most 50 categories"))
      .optional(),
    inStock: booleanParam.optional(),
    enriched: booleanParam.optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: "minPrice must not be above maxPrice",
  });

// The parsed query is exactly the catalogue's ProductQuery (checked by the compiler, both ways).
type Parsed = z.output<typeof productQuerySchema>;
export const parsedIsProductQuery: [Parsed extends ProductQuery ? true : false, ProductQuery extends Parsed ? true : false] = [true, true];
