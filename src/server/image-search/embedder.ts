/**
 * What turns a picture into a vector. The default is a hand-designed descriptor computed with
 * sharp (descriptor-embedder.ts); an ONNX image encoder replaces it when IMAGE_MODEL_PATH is set
 * (onnx-embedder.ts). Both take an already validated, oriented image and give an L2-normalised
 * vector, so similarity is a dot product and the index does not care which one made it.
 */
export interface ImageEmbedder {
  /** Stored with every embedding: vectors from different embedders are never compared. */
  readonly id: string;
  /** Length of every vector this embedder returns. */
  readonly dimensions: number;
  /** `image` is an encoded image (JPEG, PNG, WebP, …) that passed `inspectImage`. */
  embed(image: Buffer): Promise<Float32Array>;
}

/** Scales a vector to unit length in place (a zero vector stays zero) and returns it. */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
}
