import type { Locale } from "@/lib/locale";
import type { Database } from "../db";
import { specsOf, type ProductSpec } from "../specs/display";
import type { Product } from "./to-product";

/**
 * What a product's page and its API detail show beyond the listing's fields: the specification
 * table (in the reader's language), the datasheet, the prices by quantity, and alternatives.
 */
export interface ProductDetailExtras {
  specs: ProductSpec[];
}

export async function productDetailExtras(db: Database, product: Pick<Product, "id">, locale: Locale): Promise<ProductDetailExtras> {
  const specs = await specsOf(db, [product.id], locale);
  return { specs: specs.get(product.id) ?? [] };
}
