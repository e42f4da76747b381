import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type * as Ort from "onnxruntime-node";
import sharp, { type OutputInfo } from "sharp";
import { IMAGE_TEXTS, ImageRejectedError, MAX_IMAGE_PIXELS } from "./decode";
import { normalise, type ImageEmbedder } from "./embedder";

/**
 * An ONNX image encoder (e.g. the vision tower of a CLIP model) as an ImageEmbedder, used when
 * IMAGE_MODEL_PATH is set. onnxruntime-node is an optional dependency and is only loaded here,
 * so the shop runs without it when no model is configured.
 *
 * The model must take one float32 image tensor in NCHW layout ([1,3,H,W], batch and spatial
 * dimensions may be dynamic) and give a float32 embedding as its first output: [1,N] (or [N]) is
 * used as it is, [1,T,N] (a token sequence) by its first token.
 */

export interface OnnxEmbedderOptions {
  /** Side of the square input, used only where the model leaves its spatial size dynamic. Default 224. */
  size?: number;
  /** Per-channel RGB mean and standard deviation on the 0..1 scale. Defaults: CLIP's. */
  mean?: [number, number, number];
  std?: [number, number, number];
}

export const CLIP_MEAN: readonly [number, number, number] = [0.48145466, 0.4578275, 0.40821073];
export const CLIP_STD: readonly [number, number, number] = [0.26862954, 0.26130258, 0.27577711];
const DEFAULT_SIZE = 224;

type OrtModule = typeof Ort;

async function loadOnnxRuntime(): Promise<OrtModule> {
  try {
    return await import("onnxruntime-node");
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new Error("IMAGE_MODEL_PATH is set but onnxruntime-node is not installed: run npm install onnxruntime-node", { cause: error });
    }
    throw new Error(`IMAGE_MODEL_PATH is set but onnxruntime-node failed to load: ${errorMessage(error)}`, { cause: error });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The model file's SHA-256 (streamed: vision encoders are hundreds of megabytes). */
async function modelFileHash(modelPath: string): Promise<string> {
  try {
    const info = await stat(modelPath);
    if (!info.isFile()) throw Object.assign(new Error(`${modelPath} is not a file`), { code: "ENOTFILE" });
    const hash = createHash("sha256");
    for await (const chunk of createReadStream(modelPath)) hash.update(chunk as Buffer);
    return hash.digest("hex");
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ENOENT") throw new Error(`IMAGE_MODEL_PATH: ONNX model file not found: ${modelPath}`, { cause: error });
    throw new Error(`IMAGE_MODEL_PATH: cannot read ONNX model file ${modelPath}: ${errorMessage(error)}`, { cause: error });
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
  return { name: input.name, height: fixedDim(shape[2]) ?? fallbackSize, width: fixedDim(shape[3]) ?? fallbackSize };
}

/** The embedding in an output tensor: [N] or [1,N] (or [1,N,1,1]…) whole, [1,T,N] its first token. */
function outputVector(tensor: Ort.Tensor | undefined, outputName: string): Float32Array {
  if (!tensor) throw new Error(`ONNX model gave no output "${outputName}"`);
  if (tensor.type !== "float32") throw new Error(`ONNX model output "${outputName}" must be float32, it is ${tensor.type}`);
  const data = tensor.data as Float32Array;
  const dims = tensor.dims;
  const firstDim = dims[0] ?? 1;
  if (dims.length > 1 && firstDim !== 1) throw new Error(`ONNX model output "${outputName}" has batch size ${firstDim}, expected 1`);
  const values = dims.length === 3 ? data.subarray(0, dims[2] ?? 0) : data;
  // Copied: the result outlives the output tensor and is normalised in place.
  return Float32Array.from(values);
}

/**
 * Loads the model and checks it end to end with one inference on a blank image (which also
 * gives `dimensions`). Throws an Error saying what to fix when onnxruntime-node is missing, the
 * file is missing or unreadable, or the model is not an image encoder this can drive.
 */
export async function createOnnxEmbedder(modelPath: string, options: OnnxEmbedderOptions = {}): Promise<ImageEmbedder> {
  const size = options.size ?? DEFAULT_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new Error(`ONNX embedder: size must be an integer from 1 to 4096, got ${size}`);
  const mean = checkTriple("mean", options.mean ?? CLIP_MEAN, false);
  const std = checkTriple("std", options.std ?? CLIP_STD, true);

  const ort = await loadOnnxRuntime();
  const digest = await modelFileHash(modelPath);

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
    throw new Error(`IMAGE_MODEL_PATH: cannot load ONNX model ${modelPath}: ${errorMessage(error)}`, { cause: error });
  }

  try {
    return await embedderForSession(ort, session, { modelPath, digest, size, mean, std });
  } catch (error) {
    await session.release().catch(() => undefined);
    throw error;
  }
}

interface SessionSettings {
  modelPath: string;
  digest: string;
  size: number;
  mean: [number, number, number];
  std: [number, number, number];
}

async function embedderForSession(ort: OrtModule, session: Ort.InferenceSession, settings: SessionSettings): Promise<ImageEmbedder> {
  const { modelPath, digest, size, mean, std } = settings;
  const input = imageInput(session, modelPath, size);
  const firstOutput = session.outputNames[0];
  if (firstOutput === undefined) throw new Error(`ONNX model ${modelPath} has no outputs`);
  const outputName: string = firstOutput;
  const plane = input.width * input.height;
  const shape = [1, 3, input.height, input.width];

  async function infer(pixels: Float32Array): Promise<Float32Array> {
    const feeds = { [input.name]: new ort.Tensor("float32", pixels, shape) };
    const outputs = await session.run(feeds, [outputName]);
    const vector = outputVector(outputs[outputName] as Ort.Tensor | undefined, outputName);
    if (!vector.every(Number.isFinite)) throw new Error(`ONNX model ${modelPath} produced a non-finite embedding`);
    return vector;
  }

  async function preprocess(image: Buffer): Promise<Float32Array> {
    let data: Buffer;
    let info: OutputInfo;
    try {
      ({ data, info } = await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated", pages: 1 })
        .rotate() // EXIF orientation
        .flatten({ background: "#ffffff" })
        // CLIP-style: scale the short side to fit, centre crop; bicubic like CLIP's own preprocessing.
        .resize(input.width, input.height, { fit: "cover", position: "centre", kernel: "cubic" })
        .toColourspace("srgb")
        .removeAlpha()
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true }));
    } catch {
      throw new ImageRejectedError(IMAGE_TEXTS.damaged, "image-damaged");
    }
    if (info.channels !== 3 || info.width !== input.width || info.height !== input.height) {
      throw new Error(`ONNX embedder: decoded ${info.width}×${info.height}×${info.channels}, expected ${input.width}×${input.height}×3`);
    }
    // Interleaved 8-bit RGB → planar float CHW, (x/255 − mean) / std per channel.
    const pixels = new Float32Array(3 * plane);
    for (let c = 0; c < 3; c++) {
      const m = mean[c] ?? 0;
      const s = std[c] ?? 1;
      const offset = c * plane;
      for (let i = 0; i < plane; i++) pixels[offset + i] = ((data[i * 3 + c] ?? 0) / 255 - m) / s;
    }
    return pixels;
  }

  let dimensions: number;
  try {
    dimensions = (await infer(new Float32Array(3 * plane))).length;
  } catch (error) {
    throw new Error(`IMAGE_MODEL_PATH: ONNX model ${modelPath} failed a test inference on a [${shape.join(",")}] input: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (dimensions === 0) throw new Error(`ONNX model ${modelPath} gives an empty embedding`);

  return {
    id: `onnx:${basename(modelPath)}:${digest.slice(0, 12)}`,
    dimensions,
    // The session is shared: onnxruntime-node runs one inference at a time on the calling thread,
    // and decoding/resizing in sharp runs on its own threads, so concurrent calls are safe.
    async embed(image) {
      const vector = await infer(await preprocess(image));
      if (vector.length !== dimensions) throw new Error(`ONNX model ${modelPath} gave ${vector.length} values, expected ${dimensions}`);
      return normalise(vector);
    },
  };
}
