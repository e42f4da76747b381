import { decodeUpright } from "./decode";
import { DESCRIPTOR_DIMENSIONS, describeImage } from "./descriptor";
import type { ImageEmbedder } from "./embedder";

/** Bump when the descriptor changes: stored vectors of an older version are recomputed. */
const DESCRIPTOR_VERSION = 1;

export const descriptorEmbedder: ImageEmbedder = {
  id: `descriptor-v${DESCRIPTOR_VERSION}`,
  dimensions: DESCRIPTOR_DIMENSIONS,
  async embed(image) {
    return describeImage(await decodeUpright(image));
  },
};
