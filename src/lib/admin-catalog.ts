import type { ProductSpecValues } from "./spec-admin";

/** The limits of the admin's catalogue screens, shared by the API's checks and the forms. */

/** A price or stock change's reason, as kept in the audit trail. */
export const ADMIN_PRODUCT_REASON_MAX = 300;
/** Products per page of the admin's product list. */
export const ADMIN_PRODUCTS_PAGE_MAX = 100;

/** A product as the admin's list and product page show it (money in whole shillings). */
export interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  sku: string;
  brand: string;
  category: string;
  image: string;
  price: number;
  originalPrice: number;
  stockQuantity: number;
  salesCount: number;
  updatedAt: string;
  /** when an admin took it off sale; null while it is on sale */
  archivedAt: string | null;
}

/** One price or stock change in a product's audit trail: what moved (before and after), who, when and why. */
export interface ProductChangeEntry {
  id: number;
  at: string;
  adminEmail: string | null;
  changes: Record<string, { before: number; after: number }>;
  reason: string;
}

/** PATCH /api/admin/products/{id}: the new values (any of them) and why. */
export interface AdminProductChangeRequest {
  price?: number;
  originalPrice?: number;
  stockQuantity?: number;
  reason: string;
}

export interface AdminProductChangeResponse {
  product: AdminProductRow;
  change: ProductChangeEntry;
}

/**
 * The columns of the catalogue's CSV export and import, in the export's order (then one `spec.<key>`
 * column per specification); an import needs `sku` and any others (src/lib/catalog-import.ts).
 */
export const CSV_PRODUCT_COLUMNS = [
  "sku",
  "name",
  "description",
  "category",
  "brand",
  "price",
  "original_price",
  "stock_quantity",
  "free_delivery",
  "same_day_delivery",
  "pack_size",
  "price_breaks",
] as const;
export type CsvProductColumn = (typeof CSV_PRODUCT_COLUMNS)[number];

/** A category as the admin's taxonomy page lists it. */
export interface AdminCategoryRow {
  id: number;
  name: string;
  nameSw: string | null;
  slug: string;
  description: string;
  sortOrder: number;
  products: number;
}

export interface AdminBrandRow {
  id: number;
  name: string;
  slug: string;
  products: number;
}

/** A product's details as the admin creates or edits them (prices and stock change with a reason, apart). */
export interface AdminProductDetails {
  name: string;
  description: string;
  /** the category's slug */
  category: string;
  /** the brand's name */
  brand: string;
  sku: string;
  /** a picture uploaded for products (/media/products/...) */
  image: string;
  freeDelivery: boolean;
  sameDayDelivery: boolean;
  /**
   * The product's own specification values, by attribute key (its options' values aside). Sent,
   * they replace the product's own values; left out, they stay (except those of keys a new
   * category does not define, which go, and the answer names them).
   */
  specs?: ProductSpecValues;
}

/** One of a product's options as the admin's editor starts from it. */
export interface AdminVariantRow {
  combinationId: string;
  attributes: Record<string, string>;
  sku: string;
  price: number;
  stock: number;
}

/**
 * POST /api/admin/products: the details with the first price and stock. A new product has had no
 * other price, so its "was" price can only be 0 (none) or its price.
 */
export interface AdminProductCreateRequest extends AdminProductDetails {
  price: number;
  originalPrice?: number;
  stockQuantity: number;
}

/** The longest product name and description the API takes (the form stops there too). */
export const ADMIN_PRODUCT_NAME_MAX = 200;
export const ADMIN_PRODUCT_DESCRIPTION_MAX = 5_000;
/** A SKU: letters, digits, dots, dashes and underscores. */
export const PRODUCT_SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** A product picture uploaded here: the only kind a product may name. */
export const isProductImage = (value: string) => /^\/media\/products\/[a-z0-9._-]+\.webp$/.test(value);
