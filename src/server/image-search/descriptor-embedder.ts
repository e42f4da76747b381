import { DESCRIPTOR_DIMENSIONS, describeImage } from "./descriptor";
import type { ViewEncoder } from "./embedder";
import { viewEmbedder } from "./view-embedder";

/** Bump when the descriptor changes: stored vectors of an older version are recomputed. */
const DESCRIPTOR_VERSION = 1;

/** The hand-designed descriptor (descriptor.ts): pure arithmetic, no model weights. */
export const descriptorEncoder: ViewEncoder = {
  id: `descriptor-v${DESCRIPTOR_VERSION}`,
  dimensions: DESCRIPTOR_DIMENSIONS,
  encode: async (views) => views.map(describeImage),
};

/**
 * Search by image on the descriptor alone: where no learned encoder is available. Its crops count
 * for less than the whole picture: a colour-and-layout descriptor of a crop of clutter resembles
 * some product's far more often than a learned encoder's does.
 */
export const descriptorEmbedder = viewEmbedder(descriptorEncoder, { cropFactor: 0.9 });
