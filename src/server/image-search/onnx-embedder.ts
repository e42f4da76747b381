import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type * as Ort from "onnxruntime-node";
import sharp from "sharp";
import type { RgbImage } from "./descriptor";
import { normalise, type ImageEmbedder, type ViewEncoder } from "./embedder";
import { viewEmbedder } from "./view-embedder";

/**
 * An ONNX image encoder: the built-in learned encoder (scripts/image-encoder.mjs converts it) or
 * one named by IMAGE_MODEL_PATH (e.g. the vision tower of a CLIP model). onnxruntime-node is an
 * optional dependency and is only loaded here, so the shop runs without it.
 *
 * The model must take one float32 image tensor in NCHW layout ([B,3,H,W], batch and spatial
 * dimensions may be dynamic) and give a float32 embedding as its first output: [B,N] is used as
 * it is, [B,T,N] (a token sequence) by its first token. Where the batch dimension is dynamic, the
 * views of one photo run as one batch.
 */

export interface OnnxEmbedderOptions {
  /** Side of the square input, used only where the model leaves its spatial size dynamic. Default 224. */
  size?: number;
  /** Per-channel RGB mean and standard deviation on the 0..1 scale. Defaults: CLIP's. */
  mean?: [number, number, number];
  std?: [number, number, number];
  /** Where the model file came from, for error messages. Default: "IMAGE_MODEL_PATH". */
  source?: string;
}

export const CLIP_MEAN: readonly [number, number, number] = [0.48145466, 0.4578275, 0.40821073];
export const CLIP_STD: readonly [number, number, number] = [0.26862954, 0.26130258, 0.27577711];
const DEFAULT_SIZE = 224;

type OrtModule = typeof Ort;

async function loadOnnxRuntime(source: string): Promise<OrtModule> {
  try {
    return await import("onnxruntime-node");
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new Error(`${source} is set but onnxruntime-node is not installed: run npm install onnxruntime-node`, { cause: error });
    }
    throw new Error(`${source} is set but onnxruntime-node failed to load: ${errorMessage(error)}`, { cause: error });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The model file's SHA-256 (streamed: vision encoders are hundreds of megabytes). */
async function modelFileHash(modelPath: string, source: string): Promise<string> {
  try {
    const info = await stat(modelPath);
    if (!info.isFile()) throw Object.assign(new Error(`${modelPath} is not a file`), { code: "ENOTFILE" });
    const hash = createHash("sha256");
    for await (const chunk of createReadStream(modelPath)) hash.update(chunk as Buffer);
    return hash.digest("hex");
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ENOENT") throw new Error(`${source}: ONNX model file not found: ${modelPath}`, { cause: error });
    throw new Error(`${source}: cannot read ONNX model file ${modelPath}: ${errorMessage(error)}`, { cause: error });
  }
}

function checkTriple(name: string, value: readonly number[], positive: boolean): [number, number, number] {
  if (value.length !== 3 || !value.every((v) => Number.isFinite(v) && (!positive || v > 0))) {
    throw new Error(`ONNX embedder: ${name} must be three finite${positive ? " positive" : ""} numbers, got [${value.join(", ")}]`);
  }
  return [value[0] ?? 0, value[1] ?? 0, value[2] ?? 0];
}

/** A fixed, positive dimension, or undefined where the model leaves it dynamic (symbolic). */
function fixedDim(dim: number | string | undefined): number | undefined {
  return typeof dim === "number" && dim > 0 ? dim : undefined;
}

interface InputSpec {
  name: string;
  width: number;
  height: number;
  /** several views can run as one batch */
  batched: boolean;
}

function imageInput(session: Ort.InferenceSession, modelPath: string, fallbackSize: number): InputSpec {
  const inputs = session.inputMetadata;
  const input = inputs[0];
  if (inputs.length !== 1 || !input) {
    throw new Error(`ONNX model ${modelPath} must have exactly one input (an image tensor), it has ${inputs.length}: ${session.inputNames.join(", ")}`);
  }
  if (!input.isTensor || input.type !== "float32") {
    throw new Error(`ONNX model ${modelPath}: input "${input.name}" must be a float32 tensor`);
  }
  // An empty shape means the model does not state one: assume [1,3,size,size].
  const shape = input.shape.length === 0 ? ["batch", 3, "height", "width"] : input.shape;
  const batch = fixedDim(shape[0]);
  const channels = fixedDim(shape[1]);
  if (shape.length !== 4 || (batch !== undefined && batch !== 1) || (channels !== undefined && channels !== 3)) {
    throw new Error(`ONNX model ${modelPath}: input "${input.name}" must be NCHW [1,3,H,W], it is [${shape.join(",")}]`);
  }
  return { name: input.name, height: fixedDim(shape[2]) ?? fallbackSize, width: fixedDim(shape[3]) ?? fallbackSize, batched: batch === undefined };
}

/**
 * The embeddings in an output tensor of a batch of `count`: [N] (count 1) or [B,N] (or [B,N,1,1]…)
 * per item whole, [B,T,N] per item its first token.
 */
function outputVectors(tensor: Ort.Tensor | undefined, outputName: string, count: number): Float32Array[] {
  if (!tensor) throw new Error(`ONNX model gave no output "${outputName}"`);
  if (tensor.type !== "float32") throw new Error(`ONNX model output "${outputName}" must be float32, it is ${tensor.type}`);
  const data = tensor.data as Float32Array;
  const dims = tensor.dims;
  const batch = dims.length > 1 ? (dims[0] ?? 1) : 1;
  if (batch !== count) throw new Error(`ONNX model output "${outputName}" has batch size ${batch}, expected ${count}`);
  const stride = data.length / count;
  const length = dims.length === 3 ? (dims[2] ?? 0) : stride;
  // Copied: the results outlive the output tensor and are normalised in place.
  return Array.from({ length: count }, (_, i) => Float32Array.from(data.subarray(i * stride, i * stride + length)));
}

/**
 * Loads the model and checks it end to end with one inference on a blank image (which also
 * gives `dimensions`). Throws an Error saying what to fix when onnxruntime-node is missing, the
 * file is missing or unreadable, or the model is not an image encoder this can drive.
 */
export async function createOnnxEncoder(modelPath: string, options: OnnxEmbedderOptions = {}): Promise<ViewEncoder> {
  const size = options.size ?? DEFAULT_SIZE;
  const source = options.source ?? "IMAGE_MODEL_PATH";
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new Error(`ONNX embedder: size must be an integer from 1 to 4096, got ${size}`);
  const mean = checkTriple("mean", options.mean ?? CLIP_MEAN, false);
  const std = checkTriple("std", options.std ?? CLIP_STD, true);

  const ort = await loadOnnxRuntime(source);
  const digest = await modelFileHash(modelPath, source);

  let session: Ort.InferenceSession;
  try {
    // From the path, not from bytes: models with external weight files resolve them next to it.
    session = await ort.InferenceSession.create(modelPath, {
      executionProviders: ["cpu"],
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: "all",
    });
  } catch (error) {
    throw new Error(`${source}: cannot load ONNX model ${modelPath}: ${errorMessage(error)}`, { cause: error });
  }

  try {
    return await encoderForSession(ort, session, { modelPath, digest, size, mean, std, source });
  } catch (error) {
    await session.release().catch(() => undefined);
    throw error;
  }
}

/** An ONNX encoder on its own as search by image's embedder (crops count for a little less). */
export async function createOnnxEmbedder(modelPath: string, options: OnnxEmbedderOptions = {}): Promise<ImageEmbedder> {
  return viewEmbedder(await createOnnxEncoder(modelPath, options), { cropFactor: 0.95 });
}

interface SessionSettings {
  modelPath: string;
  digest: string;
  size: number;
  mean: [number, number, number];
  std: [number, number, number];
  source: string;
}

async function encoderForSession(ort: OrtModule, session: Ort.InferenceSession, settings: SessionSettings): Promise<ViewEncoder> {
  const { modelPath, digest, size, mean, std, source } = settings;
  const input = imageInput(session, modelPath, size);
  const firstOutput = session.outputNames[0];
  if (firstOutput === undefined) throw new Error(`ONNX model ${modelPath} has no outputs`);
  const outputName: string = firstOutput;
  const plane = input.width * input.height;

  /** `pixels` holds `count` planar CHW images one after another. */
  async function infer(pixels: Float32Array, count: number): Promise<Float32Array[]> {
    const feeds = { [input.name]: new ort.Tensor("float32", pixels, [count, 3, input.height, input.width]) };
    const outputs = await session.run(feeds, [outputName]);
    const vectors = outputVectors(outputs[outputName] as Ort.Tensor | undefined, outputName, count);
    for (const vector of vectors) if (!vector.every(Number.isFinite)) throw new Error(`ONNX model ${modelPath} produced a non-finite embedding`);
    return vectors;
  }

  /** One view into `out` at `offset`: scaled to cover the input (centre crop, bicubic like CLIP), (x/255 − mean) / std. */
  async function preprocess(view: RgbImage, out: Float32Array, offset: number): Promise<void> {
    const data =
      view.width === input.width && view.height === input.height
        ? view.data
        : await sharp(view.data, { raw: { width: view.width, height: view.height, channels: 3 } })
            .resize(input.width, input.height, { fit: "cover", position: "centre", kernel: "cubic" })
            .raw()
            .toBuffer();
    for (let c = 0; c < 3; c++) {
      const m = mean[c] ?? 0;
      const s = std[c] ?? 1;
      const at = offset + c * plane;
      for (let i = 0; i < plane; i++) out[at + i] = ((data[i * 3 + c] ?? 0) / 255 - m) / s;
    }
  }

  async function encode(views: RgbImage[]): Promise<Float32Array[]> {
    const groups = input.batched ? [views] : views.map((v) => [v]);
    const vectors: Float32Array[] = [];
    for (const group of groups) {
      const pixels = new Float32Array(group.length * 3 * plane);
      await Promise.all(group.map((view, i) => preprocess(view, pixels, i * 3 * plane)));
      vectors.push(...(await infer(pixels, group.length)));
    }
    return vectors;
  }

  let dimensions: number;
  try {
    dimensions = (await infer(new Float32Array(3 * plane), 1))[0]!.length;
  } catch (error) {
    throw new Error(`${source}: ONNX model ${modelPath} failed a test inference on a [1,3,${input.height},${input.width}] input: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (dimensions === 0) throw new Error(`ONNX model ${modelPath} gives an empty embedding`);

  return {
    id: `onnx:${basename(modelPath)}:${digest.slice(0, 12)}`,
    dimensions,
    // The session is shared: onnxruntime-node runs one inference at a time on the calling thread,
    // and resizing in sharp runs on its own threads, so concurrent calls are safe.
    async encode(views) {
      const vectors = await encode(views);
      for (const vector of vectors) {
        if (vector.length !== dimensions) throw new Error(`ONNX model ${modelPath} gave ${vector.length} values, expected ${dimensions}`);
        normalise(vector);
      }
      return vectors;
    },
  };
}
