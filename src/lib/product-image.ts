/**
 * Our generated images are stored at several widths under one content hash
 * ("…-640-hash.webp" beside "…-320-hash.webp"), so the browser can pick the smallest that fits.
 */
export const IMAGE_SIZES = [320, 640] as const;
export const AD_IMAGE_SIZES = [600, 800, 1200] as const;

const SIZED = /-(\d{3,4})-([0-9a-f]+)\.webp$/;

export function imageAtSize(image: string, size: number): string {
  return image.replace(SIZED, `-${size}-$2.webp`);
}

/** srcset over the given widths, or undefined when the image is not one of ours at one of them. */
export function sizedSrcSet(image: string, sizes: readonly number[]): string | undefined {
  const match = SIZED.exec(image);
  if (!match || !sizes.includes(Number(match[1]))) return undefined;
  return sizes.map((size) => `${imageAtSize(image, size)} ${size}w`).join(", ");
}

export function productImageSrcSet(image: string): string | undefined {
  return sizedSrcSet(image, IMAGE_SIZES);
}

export function adImageSrcSet(image: string): string | undefined {
  return sizedSrcSet(image, AD_IMAGE_SIZES);
}

/**
 * The picture a product shows until it has one of its own (a product an import created): a plain
 * "no picture yet" mark, the same in every language. It is stored like our renditions (at each of
 * IMAGE_SIZES) and search by image leaves it out: a photo must never match "no picture".
 */
export const PLACEHOLDER_IMAGE = "/media/products/no-picture-640-1.webp";

export function isPlaceholderImage(image: string): boolean {
  return /^\/media\/products\/no-picture-\d{3,4}-1\.webp$/.test(image);
}
