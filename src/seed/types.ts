import type { PrimaryValue, VariantConfig } from "@/lib/variants";

export interface SeedCategory {
  name: string;
  /** the name Kiswahili readers see */
  nameSw: string;
  slug: string;
  description: string;
}

export interface SeedVariant {
  sku: string;
  price: number;
  stock: number;
  attributes: Record<string, string>;
  multiValues?: Record<string, string[]>;
  primaryValues?: PrimaryValue[];
}

export interface SeedProduct {
  name: string;
  /** slug of one of SEED_CATEGORIES */
  categorySlug: string;
  brand: string;
  sku: string;
  description: string;
  /** whole TZS */
  price: number;
  /** whole TZS; equal to price when there is no real discount */
  originalPrice: number;
  stock: number;
  freeDelivery: boolean;
  sameDayDelivery: boolean;
  salesCount: number;
  /** how long ago the product was listed, in days (drives created_at and the "newest" sort) */
  listedDaysAgo: number;
  /** short text printed on the product image, e.g. "UNO R3", "ESP32", "10kΩ" (≤ 10 characters) */
  imageLabel: string;
  variantConfig?: VariantConfig;
  variants?: SeedVariant[];
}

export interface SeedAdvertisement {
  title: string;
  mediaType: "image" | "video";
  /** file name under the ads media folder, e.g. "ad-esp32.webp" */
  mediaFile: string;
  posterFile?: string;
  linkUrl: string | null;
  sortOrder: number;
}
