import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTinyImageModel } from "../../../tests/fixtures/tiny-onnx-model";
import { ImageRejectedError } from "./decode";
import type { ImageEmbedder } from "./embedder";
import { CLIP_MEAN, CLIP_STD, createOnnxEmbedder } from "./onnx-embedder";

const execFileAsync = promisify(execFile);

type Rgb = { r: number; g: number; b: number };
const RED: Rgb = { r: 255, g: 0, b: 0 };
const BLUE: Rgb = { r: 0, g: 0, b: 255 };

function solid(width: number, height: number, colour: Rgb): Sharp {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

/** Left half red, right half blue, as raw pixels. */
function splitRedBlue(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) pixels[i] = 255;
      else pixels[i + 2] = 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

function dot(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

function norm(a: Float32Array): number {
  return Math.sqrt(dot(a, a));
}

/** Output index of channel c, cell (row, col) of the tiny model's 4×4 grid. */
function cell(c: number, row: number, col: number): number {
  return c * 16 + row * 4 + col;
}

let dir: string;
let modelPath: string;
let modelBytes: Uint8Array;
let dynamicModelPath: string;
let embedder: ImageEmbedder;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "onnx-embedder-"));
  modelBytes = buildTinyImageModel();
  modelPath = path.join(dir, "tiny.onnx");
  await writeFile(modelPath, modelBytes);
  dynamicModelPath = path.join(dir, "tiny-dynamic.onnx");
  await writeFile(dynamicModelPath, buildTinyImageModel({ dynamic: true }));
  embedder = await createOnnxEmbedder(modelPath);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("createOnnxEmbedder", () => {
  it("reads the model's input size and output length, and names itself after the file and its hash", () => {
    expect(embedder.dimensions).toBe(48);
    const sha = createHash("sha256").update(modelBytes).digest("hex");
    expect(embedder.id).toBe(`onnx:tiny.onnx:${sha.slice(0, 12)}`);
    expect(embedder.id).toMatch(/^onnx:tiny\.onnx:[0-9a-f]{12}$/);
  });

  it("uses options.size, else 224, where the model leaves the spatial size dynamic", async () => {
    // AveragePool 8×8 / stride 8 then Flatten: a side of S gives 3 × (S/8)² values.
    expect((await createOnnxEmbedder(dynamicModelPath, { size: 64 })).dimensions).toBe(3 * 8 * 8);
    expect((await createOnnxEmbedder(dynamicModelPath)).dimensions).toBe(3 * 28 * 28);
    // A size the model states wins over the option.
    expect((await createOnnxEmbedder(modelPath, { size: 64 })).dimensions).toBe(48);
  });

  it("feeds CHW pixels normalised with CLIP's mean and std", async () => {
    const v = await embedder.embed(await solid(40, 40, RED).png().toBuffer());
    const expected = [(1 - CLIP_MEAN[0]) / CLIP_STD[0], (0 - CLIP_MEAN[1]) / CLIP_STD[1], (0 - CLIP_MEAN[2]) / CLIP_STD[2]];
    const scale = Math.sqrt(16 * expected.reduce((s, x) => s + x * x, 0));
    for (let c = 0; c < 3; c++) {
      for (let i = 0; i < 16; i++) expect(v[c * 16 + i]).toBeCloseTo((expected[c] ?? 0) / scale, 5);
    }
  });

  it("takes mean and std options, and puts transparent pixels on white", async () => {
    const plain = await createOnnxEmbedder(modelPath, { mean: [0, 0, 0], std: [1, 1, 1] });
    const red = await plain.embed(await solid(32, 32, RED).png().toBuffer());
    for (let i = 0; i < 16; i++) {
      expect(red[cell(0, 0, 0) + i]).toBeCloseTo(0.25, 5);
      expect(red[cell(1, 0, 0) + i]).toBeCloseTo(0, 5);
      expect(red[cell(2, 0, 0) + i]).toBeCloseTo(0, 5);
    }
    const transparent = await sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const white = await plain.embed(transparent);
    for (const x of white) expect(x).toBeCloseTo(1 / Math.sqrt(48), 5);
  });

  it("gives unit vectors that match the same colour and tell red from blue", async () => {
    const red = await embedder.embed(await solid(64, 64, RED).png().toBuffer());
    const redAgain = await embedder.embed(await solid(300, 200, RED).jpeg({ quality: 70 }).toBuffer());
    const blue = await embedder.embed(await solid(64, 64, BLUE).png().toBuffer());
    for (const v of [red, redAgain, blue]) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(48);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(dot(red, redAgain)).toBeGreaterThan(0.999);
    expect(dot(red, blue)).toBeLessThan(0);
    expect(dot(red, redAgain)).toBeGreaterThan(dot(red, blue));
  });

  it("sees layout: centre-cropped like CLIP, left and right kept apart", async () => {
    const plain = await createOnnxEmbedder(modelPath, { mean: [0, 0, 0], std: [1, 1, 1] });
    // 64×48 → cover 32×32 crops the sides evenly, so the red|blue edge stays in the middle.
    const v = await plain.embed(await splitRedBlue(64, 48).png().toBuffer());
    for (let row = 0; row < 4; row++) {
      expect(v[cell(0, row, 0)]).toBeCloseTo(0.25, 2); // red on the left
      expect(v[cell(2, row, 0)]).toBeCloseTo(0, 2);
      expect(v[cell(0, row, 3)]).toBeCloseTo(0, 2);
      expect(v[cell(2, row, 3)]).toBeCloseTo(0.25, 2); // blue on the right
    }
    const mirrored = await plain.embed(await splitRedBlue(64, 48).flop().png().toBuffer());
    expect(dot(v, mirrored)).toBeLessThan(0.2);

    // Green | red | blue thirds of a 96×32 strip: the square centre crop is the red third only.
    const strip = await sharp({ create: { width: 96, height: 32, channels: 3, background: { r: 0, g: 255, b: 0 } } })
      .composite([
        { input: await solid(32, 32, RED).png().toBuffer(), left: 32, top: 0 },
        { input: await solid(32, 32, BLUE).png().toBuffer(), left: 64, top: 0 },
      ])
      .png()
      .toBuffer();
    const cropped = await plain.embed(strip);
    for (let i = 0; i < 16; i++) {
      expect(cropped[cell(0, 0, 0) + i]).toBeCloseTo(0.25, 3);
      expect(cropped[cell(1, 0, 0) + i]).toBeCloseTo(0, 3);
      expect(cropped[cell(2, 0, 0) + i]).toBeCloseTo(0, 3);
    }
  });

  it("applies EXIF orientation before embedding", async () => {
    const upright = await splitRedBlue(64, 48).png().toBuffer();
    // Orientation 6 means "display rotated 90° clockwise", so the stored pixels are the upright
    // picture turned 90° anticlockwise (= 270° clockwise): 48×64, blue on top, red below.
    const storedPixels = splitRedBlue(64, 48).rotate(270);
    const tagged = await storedPixels.clone().withMetadata({ orientation: 6 }).png().toBuffer();
    const untagged = await storedPixels.clone().png().toBuffer();

    const meta = await sharp(tagged).metadata();
    expect(meta.orientation).toBe(6);
    expect([meta.width, meta.height]).toEqual([48, 64]);
    const { data, info } = await sharp(tagged).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 0, 255]); // stored top-left is blue
    expect([...data.subarray((info.height - 1) * info.width * 3, (info.height - 1) * info.width * 3 + 3)]).toEqual([255, 0, 0]);

    const fromUpright = await embedder.embed(upright);
    const fromTagged = await embedder.embed(tagged);
    for (let i = 0; i < 48; i++) expect(fromTagged[i]).toBeCloseTo(fromUpright[i] ?? NaN, 5);
    // Control: the same pixels without the tag really are a different picture to the model.
    expect(dot(await embedder.embed(untagged), fromUpright)).toBeLessThan(0.5);
  });

  it("handles concurrent calls on one session", async () => {
    const images = await Promise.all([RED, BLUE, { r: 0, g: 200, b: 0 }, { r: 250, g: 250, b: 20 }].map((c) => solid(50, 70, c).png().toBuffer()));
    const sequential: Float32Array[] = [];
    for (const image of images) sequential.push(await embedder.embed(image));
    const concurrent = await Promise.all([...images, ...images].map((image) => embedder.embed(image)));
    concurrent.forEach((v, i) => expect(Array.from(v)).toEqual(Array.from(sequential[i % images.length] ?? [])));
  });

  it("rejects undecodable images like the rest of image search", async () => {
    const png = await solid(32, 32, RED).png().toBuffer();
    await expect(embedder.embed(png.subarray(0, png.length - 40))).rejects.toBeInstanceOf(ImageRejectedError);
  });

  it("says which model file is missing", async () => {
    const missing = path.join(dir, "no-such-model.onnx");
    await expect(createOnnxEmbedder(missing)).rejects.toThrow(`IMAGE_MODEL_PATH: ONNX model file not found: ${missing}`);
  });

  it("says when the file is not an ONNX model", async () => {
    const junk = path.join(dir, "junk.onnx");
    await writeFile(junk, "this is not a model");
    await expect(createOnnxEmbedder(junk)).rejects.toThrow(/IMAGE_MODEL_PATH: cannot load ONNX model .*junk\.onnx/);
  });

  it("says how to install onnxruntime-node when it is missing", async () => {
    // A child Node process in which the package cannot be resolved: a resolve hook renames the
    // specifier, so Node itself raises its real "package not found" error.
    const hook = `export async function resolve(specifier, context, next) {
      return next(specifier === "onnxruntime-node" ? "onnxruntime-node-not-installed-here" : specifier, context);
    }`;
    const register = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
    const script = `import { createOnnxEmbedder } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, "onnx-embedder.ts")).href)};
      createOnnxEmbedder(${JSON.stringify(modelPath)}).then(() => console.log("loaded"), (error) => console.log(error.message));`;
    const { stdout } = await execFileAsync(
      process.execPath,
      ["--import", "tsx", "--import", `data:text/javascript,${encodeURIComponent(register)}`, "--input-type=module", "-e", script],
      { cwd: path.resolve(import.meta.dirname, "../../.."), timeout: 60_000 },
    );
    expect(stdout.trim()).toBe("IMAGE_MODEL_PATH is set but onnxruntime-node is not installed: run npm install onnxruntime-node");
  }, 60_000);
});
