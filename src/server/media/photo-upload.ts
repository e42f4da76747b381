import { createHash } from "node:crypto";
import sharp from "sharp";
import { DomainError } from "../errors";
import { MAX_IMAGE_PIXELS } from "../image-search/decode";
import type { MediaStore } from "./media-store";

/**
 * Photos shoppers send (a return's proof of a fault, a review's pictures): one set of rules for
 * every upload a shopper makes, so each is checked and cleaned the same way.
 */

/** A shopper's photo's largest side once stored: enough to see a bent pin or a burnt part, no camera-sized originals. */
const PHOTO_MAX_SIDE = 1600;
/** A photo's bytes as sent: the shop's limit for pictures (src/lib/image-upload.ts). */
export const SHOPPER_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A photo a shopper sent: decoded within the shop's picture limits (a damaged, huge or non-image
 * file is refused with the same codes as the admin's product pictures), turned upright, scaled to
 * at most PHOTO_MAX_SIDE and re-encoded as WebP, which drops the camera's metadata (a phone photo's
 * EXIF carries where it was taken). sharp decodes on libuv's thread pool, off the event loop.
 */
export async function encodeShopperPhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > SHOPPER_PHOTO_MAX_BYTES) throw new DomainError("too-large", "A photo can be at most 10 MB", { field: "photos", reason: "too-large" });
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated", pages: 1 })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message))
      throw new DomainError("too-many-pixels", "This photo has too many pixels", { field: "photos", reason: "too-many-pixels" });
    if (/unsupported image format|Input buffer contains unsupported/i.test(message))
      throw new DomainError("not-an-image", "This file is not a photo (JPEG, PNG or WebP)", { field: "photos", reason: "not-an-image" });
    throw new DomainError("image-damaged", "This photo could not be read", { field: "photos", reason: "image-damaged" });
  }
}

/**
 * Re-encodes every photo (all are checked before any is stored) and stores each under `folder/`
 * by its content's hash (the same photo sent twice is one file); returns the media keys in order.
 */
export async function storeShopperPhotos(media: MediaStore, folder: string, photos: readonly Buffer[]): Promise<string[]> {
  const encoded: Buffer[] = [];
  for (const photo of photos) encoded.push(await encodeShopperPhoto(photo));
  const keys: string[] = [];
  for (const bytes of encoded) {
    const key = `${folder}/${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}.webp`;
    await media.put(key, bytes);
    keys.push(key);
  }
  return keys;
}
