import type { ImageEmbedder, ViewEncoder } from "./embedder";
import { viewEmbedder } from "./view-embedder";

/** How much each encoder's cosine counts in the ranking (they sum to 1) and how much crops count. */
export interface FusionWeights {
  learned: number;
  descriptor: number;
  cropFactor: number;
}

/**
 * The learned encoder and the descriptor side by side. Each stored vector is the two unit vectors
 * one after the other, unweighted; a query vector is the two scaled by their weights, so the dot
 * product is `learned × cos(learned) + descriptor × cos(descriptor)`. The weights therefore live
 * only in the query: changing them needs no stored vector recomputed.
 */
export function fusedEmbedder(learned: ViewEncoder, descriptor: ViewEncoder, weights: FusionWeights): ImageEmbedder {
  const split = learned.dimensions;
  const encoder: ViewEncoder = {
    id: `fused:${learned.id}+${descriptor.id}`,
    dimensions: learned.dimensions + descriptor.dimensions,
    async encode(views) {
      const [a, b] = await Promise.all([learned.encode(views), descriptor.encode(views)]);
      return a.map((vector, i) => {
        const joined = new Float32Array(split + descriptor.dimensions);
        joined.set(vector);
        joined.set(b[i]!, split);
        return joined;
      });
    },
  };
  return viewEmbedder(
    encoder,
    {
      weigh(vector) {
        for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! * (i < split ? weights.learned : weights.descriptor);
        return vector;
      },
      cropFactor: weights.cropFactor,
    },
    weights.descriptor > 0
      ? {
          // Until every picture has a fused vector, the descriptor's stored vectors still answer: the
          // descriptor block of a query, divided by its weight, is the descriptor's own query (the
          // crop factor kept).
          id: descriptor.id,
          project: (query) => query.slice(split).map((v) => v / weights.descriptor),
        }
      : undefined,
  );
}
