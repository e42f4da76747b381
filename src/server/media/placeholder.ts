import sharp from "sharp";
import { IMAGE_SIZES, PLACEHOLDER_IMAGE, imageAtSize } from "@/lib/product-image";
import { mediaKey, type MediaStore } from "./media-store";

/**
 * The "no picture yet" mark: a picture frame with a mountain and a sun, light grey on white, and no
 * words (a picture is the same in every language; the product's page and card name the product).
 */
const MARK = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
  <rect width="640" height="640" fill="#ffffff"/>
  <rect x="170" y="190" width="300" height="240" rx="24" fill="#f1f3f5" stroke="#adb5bd" stroke-width="14"/>
  <circle cx="390" cy="262" r="26" fill="#adb5bd"/>
  <path d="M186 410 L272 300 L334 372 L372 330 L454 410 Z" fill="#ced4da"/>
  <line x1="150" y1="470" x2="490" y2="150" stroke="#adb5bd" stroke-width="14" stroke-linecap="round"/>
</svg>`;

/**
 * Writes the placeholder's renditions into the media store unless they are there already, so a
 * product an import creates without a picture shows the mark at once.
 */
export async function ensurePlaceholderImage(media: MediaStore): Promise<string> {
  for (const size of IMAGE_SIZES) {
    const key = mediaKey(imageAtSize(PLACEHOLDER_IMAGE, size))!;
    if (await media.has(key).catch(() => false)) continue;
    const bytes = await sharp(Buffer.from(MARK)).resize(size, size).webp({ quality: 80 }).toBuffer();
    await media.put(key, bytes);
  }
  return PLACEHOLDER_IMAGE;
}
