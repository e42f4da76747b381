/**
 * AVIF where the browser takes it, WebP otherwise, under one address: our images are stored as WebP
 * ("…-640-hash.webp"); an AVIF twin ("…-640-hash.avif", about a third smaller) is made beside each
 * and served for the same URL to a browser whose Accept header names image/avif (`Vary: Accept`).
 * A browser without AVIF, or a file with no twin yet, gets the WebP: nothing ever breaks.
 */

/** Whether an Accept header takes AVIF (named, and not with q=0). */
export function acceptsAvif(accept: string | null | undefined): boolean {
  if (!accept) return false;
  return accept
    .toLowerCase()
    .split(",")
    .some((part) => {
      const [type, ...params] = part.split(";").map((s) => s.trim());
      if (type !== "image/avif") return false;
      const q = params.find((p) => p.startsWith("q="));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/** Folders under /media whose WebP files get AVIF twins (the catalogue's and the ads' renditions). */
const TWINNED = /^(products|ads)\/[A-Za-z0-9._-]+\.webp$/;

/**
 * The media-relative path ("products/x-640-abc.webp") of a /media URL whose image may have an AVIF
 * twin, or null (another folder, another type, a query, anything that climbs out of the folder).
 */
export function twinnableMediaPath(url: string): string | null {
  if (!url.startsWith("/media/")) return null;
  const rel = url.slice("/media/".length);
  if (rel.includes("..") || !TWINNED.test(rel)) return null;
  return rel;
}

/** The AVIF twin's path of a WebP path. */
export function avifTwinPath(webpPath: string): string {
  return webpPath.replace(/\.webp$/, ".avif");
}
