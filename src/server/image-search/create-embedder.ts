import { descriptorEmbedder } from "./descriptor-embedder";
import type { ImageEmbedder } from "./embedder";

/** The ONNX encoder when a model file is configured (IMAGE_MODEL_PATH), else the descriptor. */
export async function createEmbedder(modelPath: string | undefined): Promise<ImageEmbedder> {
  if (!modelPath) return descriptorEmbedder;
  const { createOnnxEmbedder } = await import("./onnx-embedder");
  return createOnnxEmbedder(modelPath);
}
