/** Product images are stored at 640 px with a 320 px twin beside them ("…-640-hash.webp" / "…-320-hash.webp"). */
export const IMAGE_SIZES = [320, 640] as const;

export function imageAtSize(image: string, size: (typeof IMAGE_SIZES)[number]): string {
  return image.replace(/-(320|640)-([0-9a-f]+)\.webp$/, `-${size}-$2.webp`);
}

/** srcset for a product image, or undefined when the image is not one of ours. */
export function productImageSrcSet(image: string): string | undefined {
  if (!/-(320|640)-[0-9a-f]+\.webp$/.test(image)) return undefined;
  return IMAGE_SIZES.map((size) => `${imageAtSize(image, size)} ${size}w`).join(", ");
}
