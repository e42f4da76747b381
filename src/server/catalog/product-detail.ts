import type { Locale } from "@/lib/locale";
import type { Database } from "../db";
import { specsOf, type ProductSpec } from "../specs/display";
import { alternativesTo } from "./alternatives";
import { datasheetsOf, type Datasheet } from "./datasheets";
import { productPricing, type DetailPriceBreak } from "./price-breaks";
import type { Product } from "./to-product";

/**
 * What a product's page and its API detail show beyond the listing's fields: the specification
 * table (in the reader's language), the datasheet, the prices by quantity (and how many pieces
 * one unit sold holds), and alternatives in stock whose key specifications match.
 */
export interface ProductDetailExtras {
  specs: ProductSpec[];
  datasheet: Datasheet | null;
  priceBreaks: DetailPriceBreak[];
  packSize: number;
  alternatives: Product[];
}

export async function productDetailExtras(
  db: Database,
  product: Pick<Product, "id" | "price" | "product_variants">,
  locale: Locale,
): Promise<ProductDetailExtras> {
  const [specs, datasheets, pricing, alternatives] = await Promise.all([
    specsOf(db, [product.id], locale),
    datasheetsOf(db, [product.id]),
    productPricing(db, product),
    alternativesTo(db, product.id),
  ]);
  return {
    specs: specs.get(product.id) ?? [],
    datasheet: datasheets.get(product.id) ?? null,
    priceBreaks: pricing.priceBreaks,
    packSize: pricing.packSize,
    alternatives,
  };
}
