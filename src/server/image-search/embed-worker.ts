/**
 * Runs in a worker thread of the embedding pool: decoding and the encoders' arithmetic never
 * block the thread that answers requests.
 */
import { createEmbedder, type ImageEncoderChoice } from "./create-embedder";
import { ImageRejectedError, type ImageRejection } from "./decode";

export type EmbedTask =
  | { kind: "info" }
  /** a catalogue picture's stored vector */
  | { kind: "embed"; image: Uint8Array }
  /** a shopper's photo's query vectors, for the current embedder or projected for its previous one */
  | { kind: "query"; image: Uint8Array; previous?: boolean };

export type EmbedResult =
  | { ok: true; kind: "info"; model: string; dimensions: number; previous?: string; fallback?: string }
  | { ok: true; kind: "vectors"; vectors: Float32Array[] }
  | { ok: false; code: ImageRejection; message: string };

const chosen = createEmbedder({
  modelPath: process.env.IMAGE_MODEL_PATH || undefined,
  encoder: (process.env.IMAGE_ENCODER || undefined) as ImageEncoderChoice | undefined,
});

export default async function run(task: EmbedTask): Promise<EmbedResult> {
  const { embedder, fallback } = await chosen;
  if (task.kind === "info") return { ok: true, kind: "info", model: embedder.id, dimensions: embedder.dimensions, previous: embedder.previous?.id, fallback };
  try {
    const image = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
    if (task.kind === "embed") return { ok: true, kind: "vectors", vectors: [await embedder.embed(image)] };
    const vectors = await embedder.embedQuery(image);
    const project = embedder.previous?.project;
    return { ok: true, kind: "vectors", vectors: task.previous && project ? vectors.map((v) => project(v)) : vectors };
  } catch (error) {
    if (error instanceof ImageRejectedError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
