/**
 * The browser-side rules of search by image (what may be sent, the texts of its errors), kept free of the DOM so they can be
 * tested: which files may be sent, how far a photo is scaled down first, and what a failure says.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side of a photo after scaling down in the browser. */
export const UPLOAD_MAX_SIDE = 1024;
/** A file this small (and no larger than UPLOAD_MAX_SIDE on either side) is sent as it is. */
export const UPLOAD_KEEP_BYTES = 300 * 1024;
export const UPLOAD_JPEG_QUALITY = 0.85;

/** The API's English words for these problems (the browser shows the catalogue's: search.image.problems.*). */
export const IMAGE_SEARCH_TEXTS = {
  notAnImage: "Please select an image file",
  tooLarge: "Image file too large (max 10MB)",
  failed: "Failed to search by image",
} as const;
/** A problem the browser finds with a file before sending it. */
export type ImageFileProblem = "notAnImage" | "tooLarge";

// Some systems give no MIME type for a photo (HEIC on Windows, for one): the name decides then.
const IMAGE_NAME = /\.(jpe?g|jfif|png|gif|webp|avif|heic|heif|bmp|tiff?)$/i;

/** Why a file may not be sent (not an image, over 10 MB), or null when it may. */
export function imageFileProblem(file: { type: string; size: number; name?: string }): ImageFileProblem | null {
  const isImage = file.type ? file.type.toLowerCase().startsWith("image/") : IMAGE_NAME.test(file.name ?? "");
  if (!isImage) return "notAnImage";
  if (file.size > IMAGE_MAX_BYTES) return "tooLarge";
  return null;
}

/** The size to draw a width × height picture at so that its longest side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide = UPLOAD_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (!(longest > maxSide)) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a decoded picture is worth re-encoding before upload (too many pixels or too many bytes). */
export function needsDownscale(width: number, height: number, bytes: number): boolean {
  return Math.max(width, height) > UPLOAD_MAX_SIDE || bytes > UPLOAD_KEEP_BYTES;
}

/** The server's own words when the body has them, else 'HTTP {status}'. */
export function imageSearchHttpError(status: number, body: unknown): string {
  if (body && typeof body === "object" && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === "string" && error.trim()) return error.trim();
  }
  return `HTTP ${status}`;
}
