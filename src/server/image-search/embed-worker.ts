/**
 * Runs in a worker thread of the embedding pool: decoding and the descriptor arithmetic never
 * block the thread that answers requests.
 */
import { createEmbedder } from "./create-embedder";
import { ImageRejectedError, type ImageRejection } from "./decode";

export type EmbedTask = { kind: "info" } | { kind: "embed"; image: Uint8Array };
export type EmbedResult = { ok: true; model: string; dimensions: number; vector?: Float32Array } | { ok: false; code: ImageRejection; message: string };

const embedder = createEmbedder(process.env.IMAGE_MODEL_PATH || undefined);

export default async function run(task: EmbedTask): Promise<EmbedResult> {
  const e = await embedder;
  if (task.kind === "info") return { ok: true, model: e.id, dimensions: e.dimensions };
  try {
    const vector = await e.embed(Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength));
    return { ok: true, model: e.id, dimensions: e.dimensions, vector };
  } catch (error) {
    if (error instanceof ImageRejectedError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
