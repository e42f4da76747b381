import type { Product } from "@/lib/product";
import type { ProductVariant, VariantConfig } from "@/lib/variants";

export type { Product } from "@/lib/product";

export interface ProductRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  image: string;
  category: string;
  categorySlug: string;
  brand: string;
  sku: string;
  price: number;
  originalPrice: number;
  stockQuantity: number;
  inStock: boolean | null;
  freeDelivery: boolean;
  sameDayDelivery: boolean;
  rating: number;
  reviews: number;
  salesCount: number;
  /** the real (non-demo) published reviews' average and count: read by the one-product read only (the product page's structured data) */
  realRating?: number;
  realReviews?: number;
  variantConfig: VariantConfig | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface VariantRow {
  id: number;
  productId: number;
  combinationId: string;
  sku: string;
  price: number;
  stock: number;
  attributes: Record<string, string>;
  multiValues: Record<string, string[]>;
  primaryValues: { attribute: string; value: string; price: number }[];
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export function toProduct(row: ProductRow, variants?: VariantRow[]): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    category: row.category,
    category_slug: row.categorySlug,
    brand: row.brand,
    sku: row.sku,
    price: row.price,
    original_price: row.originalPrice,
    stock_quantity: row.stockQuantity,
    in_stock: row.inStock ?? row.stockQuantity > 0,
    free_delivery: row.freeDelivery,
    same_day_delivery: row.sameDayDelivery,
    rating: Math.round(row.rating * 10) / 10,
    reviews: row.reviews,
    sales_count: row.salesCount,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    variant_config: row.variantConfig ?? null,
  };
  if (row.realReviews !== undefined) {
    product.real_rating = Math.round((row.realRating ?? 0) * 10) / 10;
    product.real_reviews = row.realReviews;
  }
  if (variants) product.product_variants = variants.map(toVariant);
  return product;
}

export function toVariant(row: VariantRow): ProductVariant {
  return {
    id: String(row.id),
    combinationId: row.combinationId,
    sku: row.sku,
    price: row.price,
    stock: row.stock,
    attributes: row.attributes ?? {},
    multiValues: row.multiValues ?? {},
    primaryValues: row.primaryValues ?? [],
  };
}
