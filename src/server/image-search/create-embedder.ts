import { existsSync } from "node:fs";
import path from "node:path";
import { descriptorEmbedder, descriptorEncoder } from "./descriptor-embedder";
import type { ImageEmbedder } from "./embedder";
import { fusedEmbedder, type FusionWeights } from "./fused-encoder";
// onnxruntime-node itself is only loaded by onnx-embedder when an ONNX model is used
import { createOnnxEmbedder, createOnnxEncoder } from "./onnx-embedder";

/**
 * The learned encoder built at install time by scripts/image-encoder.mjs: MobileNetV2 (width 1.4)
 * from the nsfwjs package, cut after its second-to-last block and averaged over the picture (224
 * values; the network's own last layers, trained for another task, ranked worse beside the
 * descriptor, with eight times the dimensions). It takes RGB scaled to 0..1.
 */
export const BUILT_IN_MODEL = "models/image-encoder.onnx";

/**
 * How the learned encoder and the descriptor are combined, and how much a crop counts against the
 * whole photo. Chosen on the tuning half of the demo catalogue (bench/tune-image-search.ts); the
 * retrieval test measures them on the other half.
 */
export const FUSION_WEIGHTS: FusionWeights = { learned: 0.75, descriptor: 0.25, cropFactor: 0.88 };

export type ImageEncoderChoice = "learned" | "descriptor";

export interface EmbedderSettings {
  /** "learned" (default): the built-in learned encoder fused with the descriptor, else the descriptor */
  encoder?: ImageEncoderChoice;
  /** an ONNX image encoder of the operator's own (IMAGE_MODEL_PATH), used alone */
  modelPath?: string;
  /** where the built-in model is looked for; default `BUILT_IN_MODEL` under the working directory */
  builtInModelPath?: string;
}

/** The embedder, and why it is not the one asked for when it falls back (said once in the log). */
export interface ChosenEmbedder {
  embedder: ImageEmbedder;
  fallback?: string;
}

export async function createEmbedder(settings: EmbedderSettings = {}): Promise<ChosenEmbedder> {
  if (settings.modelPath) {
    return { embedder: await createOnnxEmbedder(settings.modelPath) };
  }
  if (settings.encoder === "descriptor") return { embedder: descriptorEmbedder };
  const modelPath = path.resolve(settings.builtInModelPath ?? BUILT_IN_MODEL);
  const fallback = (why: string) => ({
    embedder: descriptorEmbedder,
    fallback: `Search by image: the learned image encoder is not available (${why}); using the built-in descriptor alone, which finds the shop's own pictures but few shoppers' photos.`,
  });
  if (!existsSync(modelPath)) return fallback(`${modelPath} is missing: run npm run image-encoder`);
  try {
    const learned = await createOnnxEncoder(modelPath, { mean: [0, 0, 0], std: [1, 1, 1], source: "the learned image encoder" });
    return { embedder: fusedEmbedder(learned, descriptorEncoder, FUSION_WEIGHTS) };
  } catch (error) {
    return fallback(error instanceof Error ? error.message : String(error));
  }
}
