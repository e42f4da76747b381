import type { ProductVariant, VariantConfig } from "./variants";

/** A product as the API and pages see it (the fields of the product list answer). */
export interface Product {
  id: number;
  name: string;
  slug: string;
  description: string;
  image: string;
  category: string;
  category_slug: string;
  brand: string;
  sku: string;
  price: number;
  original_price: number;
  stock_quantity: number;
  in_stock: boolean;
  free_delivery: boolean;
  same_day_delivery: boolean;
  rating: number;
  reviews: number;
  sales_count: number;
  /**
   * The average and count of real (non-demo) published reviews, on a single product's answer only:
   * what search engines are told (demo reviews never are). `rating`/`reviews` count demo ones too.
   */
  real_rating?: number;
  real_reviews?: number;
  created_at: string;
  updated_at: string;
  variant_config: VariantConfig | null;
  product_variants?: ProductVariant[];
}
