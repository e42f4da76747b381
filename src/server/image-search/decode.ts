import sharp, { type Metadata } from "sharp";
import { IMAGE_SEARCH_TEXTS } from "@/lib/image-upload";
import { DomainError } from "../errors";
import type { RgbImage } from "./descriptor";

/** Decoding refuses anything larger: a 40-megapixel photo is already bigger than any phone's. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export type ImageRejection = "not-an-image" | "image-damaged" | "too-many-pixels";

/** A picture that cannot be searched with: not an image, damaged, or too large. */
export class ImageRejectedError extends DomainError {
  constructor(
    message: string,
    readonly code: ImageRejection = "not-an-image",
  ) {
    super(code, message);
  }
}

export const IMAGE_TEXTS = {
  notAnImage: IMAGE_SEARCH_TEXTS.notAnImage,
  tooLarge: IMAGE_SEARCH_TEXTS.tooLarge,
  tooManyPixels: `Image is too large in pixels (max ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`,
  damaged: "The image file is damaged or incomplete",
} as const;

/**
 * Reads only the header: the format must be one we decode, and the pixel count is checked before
 * any pixel is decoded (a small file can claim 100,000 × 100,000 pixels).
 */
export async function inspectImage(image: Buffer): Promise<{ format: string; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(image, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(IMAGE_TEXTS.notAnImage);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new ImageRejectedError(IMAGE_TEXTS.notAnImage);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ImageRejectedError(IMAGE_TEXTS.tooManyPixels, "too-many-pixels");
  return { format: meta.format, width: meta.width, height: meta.height };
}

/**
 * Decodes an inspected image upright (EXIF orientation applied, metadata dropped), on white where
 * it was transparent, no larger than `maxSide`, as 8-bit sRGB. Truncated or corrupt data is refused.
 */
export async function decodeUpright(image: Buffer, maxSide = 256): Promise<RgbImage> {
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated", pages: 1 })
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(maxSide, maxSide, { fit: "inside", kernel: "linear", withoutEnlargement: true })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError(IMAGE_TEXTS.damaged, "image-damaged");
  }
}
