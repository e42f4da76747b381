import { z } from "zod";
import { productSchema } from "./catalog";

/**
 * POST /api/image-search, multipart with one field `image` (the route reads the stream itself,
 * with its 10 MB cap): the products that look most like the picture, best first.
 */

/** by keyword, what a chip needs beyond it */
export const imageKeywordDetailSchema = z.object({
  /** the keyword in Kiswahili: a category's Kiswahili name, or a word the search reads as the keyword */
  sw: z.string().optional(),
  /** the keyword is a category's name: its slug (a chip opens the category rather than searching its words) */
  category: z.string().optional(),
});
export type ImageKeywordDetail = z.input<typeof imageKeywordDetailSchema>;

export const imageSearchResponseSchema = z.object({
  products: z.array(productSchema),
  /** what the picture was understood as, in the catalogue's words (each one a text search) */
  keywords: z.array(z.string()),
  /** by keyword, what a chip needs beyond it: its Kiswahili words, and the category it names */
  keywordDetails: z.record(z.string(), imageKeywordDetailSchema),
});
export type ImageSearchResponse = z.input<typeof imageSearchResponseSchema>;
