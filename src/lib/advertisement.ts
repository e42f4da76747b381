/** An advertisement as the API answers it and the carousel shows it. */
export interface Advertisement {
  id: number;
  title: string;
  media_type: "image" | "video";
  media_url: string;
  poster_url: string | null;
  link_url: string;
}

/** Where ads are shown: the placements the shop renders (an ad for any other would never appear). */
export const AD_PLACEMENTS = ["products"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
export const AD_TITLE_MAX = 120;
/** Upload limits of an ad's picture or video. */
export const AD_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const AD_VIDEO_MAX_BYTES = 25 * 1024 * 1024;

/** What the admin sends to create or change an ad. */
export interface AdminAdvertisementInput {
  title: string;
  mediaType: "image" | "video";
  mediaUrl: string;
  posterUrl: string | null;
  linkUrl: string | null;
  placement: AdPlacement;
  active: boolean;
  sortOrder: number;
  startsAt: string | null;
  endsAt: string | null;
}

/** An ad as the admin sees and edits it (every field, active or not). */
export interface AdminAdvertisement extends AdminAdvertisementInput {
  id: number;
  updatedAt: string;
}

/**
 * Where an ad may point: a path of this shop ("/products?category=sensors") or an https address
 * of another site. Never "//host" (another site dressed as a path) or another scheme.
 */
export function isAdLink(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * An ad's media: a file uploaded to the shop (/media/ads/...). Not an address elsewhere: the
 * pages' content policy loads pictures and videos from the shop only, and a file that is ours
 * cannot change or vanish behind the ad.
 */
export function isAdMedia(value: string): boolean {
  return /^\/media\/ads\/[A-Za-z0-9_-]+\.(webp|mp4|webm)$/.test(value);
}
