import type { RgbImage } from "./descriptor";

/**
 * What turns a decoded picture into vectors: the hand-designed descriptor (descriptor-embedder.ts),
 * an ONNX image encoder (onnx-embedder.ts), or both side by side (fused-encoder.ts). Each view is an
 * upright 8-bit RGB image of any size; each vector is L2-normalised.
 */
export interface ViewEncoder {
  /** Stored with every embedding: vectors from different encoders are never compared. */
  readonly id: string;
  /** Length of every vector this encoder returns. */
  readonly dimensions: number;
  encode(views: RgbImage[]): Promise<Float32Array[]>;
}

/**
 * What search by image runs: catalogue pictures become stored vectors, a shopper's photo becomes
 * query vectors. The similarity of a stored vector to a query is their dot product, and a photo's
 * score for a stored picture is its best view's.
 */
export interface ImageEmbedder {
  /** Stored with every embedding: vectors from different embedders are never compared. */
  readonly id: string;
  /** Length of every vector this embedder returns. */
  readonly dimensions: number;
  /** A catalogue picture's stored vector. `image` is an encoded image that passed `inspectImage`. */
  embed(image: Buffer): Promise<Float32Array>;
  /** The same, from the picture decoded upright at most `PICTURE_SIDE` pixels on a side. */
  embedPicture(picture: RgbImage): Promise<Float32Array>;
  /**
   * A shopper's photo as query vectors: the whole picture first, then crops around where the
   * product probably is (object-boxes.ts), each already weighted for ranking.
   */
  embedQuery(image: Buffer): Promise<Float32Array[]>;
  /** The same, from the photo decoded upright (at any size: it is brought down to `PICTURE_SIDE`). */
  embedQueryPicture(photo: RgbImage): Promise<Float32Array[]>;
  /**
   * An earlier embedder whose stored vectors this one's queries can also be searched against:
   * search keeps working on them while this embedder's vectors are being computed.
   */
  readonly previous?: { id: string; project(query: Float32Array): Float32Array };
}

/** Scales a vector to unit length in place (a zero vector stays zero) and returns it. */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
}
