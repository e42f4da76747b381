import sharp from "sharp";
import { avifTwinPath } from "@/lib/media-format";
import type { MediaStore } from "./media-store";

/** Quality 50 at effort 2: about a third smaller than our WebP renditions, ~0.2–0.4 s each to encode. */
const AVIF_OPTIONS = { quality: 50, effort: 2 } as const;
const MAX_QUEUE = 2_000;

export interface AvifTwins {
  /**
   * The AVIF twin's media path of `webpPath` when it exists; otherwise null, and the twin is made
   * in the background (one at a time), so a later request gets it.
   */
  twinOf(webpPath: string): Promise<string | null>;
  /** Resolves when the background queue is empty (tests). */
  idle(): Promise<void>;
}

/** AVIF twins of the WebP images in `media`, made on first demand and kept beside them. */
export function createAvifTwins(media: MediaStore): AvifTwins {
  const known = new Set<string>();
  const queued = new Set<string>();
  // no twin to be had (no such file, or the AVIF was not smaller): not tried again in this process
  const without = new Set<string>();
  const queue: string[] = [];
  let running: Promise<void> | null = null;

  const make = async (webpPath: string) => {
    try {
      const source = await media.read(webpPath);
      if (!source) return void without.add(webpPath);
      const avif = await sharp(source).avif(AVIF_OPTIONS).toBuffer();
      // only when it is smaller: otherwise the WebP stays the one answer (no twin is written)
      if (avif.length >= source.length) return void without.add(webpPath);
      await media.put(avifTwinPath(webpPath), avif);
      known.add(webpPath);
    } catch {
      without.add(webpPath);
    }
  };

  const drain = () => {
    running ??= (async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        await make(next);
        queued.delete(next);
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    async twinOf(webpPath) {
      if (known.has(webpPath)) return avifTwinPath(webpPath);
      if (without.has(webpPath)) return null;
      if (await media.has(avifTwinPath(webpPath)).catch(() => false)) {
        known.add(webpPath);
        return avifTwinPath(webpPath);
      }
      if (!queued.has(webpPath) && queue.length < MAX_QUEUE) {
        queued.add(webpPath);
        queue.push(webpPath);
        void drain();
      }
      return null;
    },
    async idle() {
      while (running) await running;
    },
  };
}
