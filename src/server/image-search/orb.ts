import { createRequire } from "node:module";
import { DESCRIPTOR_BYTES, type Keypoints } from "./keypoints";

/**
 * ORB keypoints (FAST corners ranked by the Harris measure, over an 8-level image pyramid, with a
 * rotation-aware 256-bit BRIEF descriptor) from OpenCV, compiled to WebAssembly
 * (`@techstark/opencv-js`: OpenCV 4.12's own opencv.js build, Apache-2.0). Runs in the embedding
 * worker threads; nothing here is native, so it loads wherever Node does.
 */

/** What of OpenCV's JavaScript interface this file uses. */
interface CvMat {
  data: Uint8Array;
  rows: number;
  delete(): void;
}
interface CvKeyPoint {
  pt: { x: number; y: number };
  angle: number;
}
interface CvKeyPointVector {
  size(): number;
  get(i: number): CvKeyPoint;
  delete(): void;
}
interface CvOrb {
  detectAndCompute(image: CvMat, mask: CvMat, keypoints: CvKeyPointVector, descriptors: CvMat): void;
  delete(): void;
}
interface OpenCv {
  Mat: { new (): CvMat; new (rows: number, cols: number, type: number): CvMat };
  KeyPointVector: new () => CvKeyPointVector;
  ORB: new (
    nfeatures: number,
    scaleFactor: number,
    nlevels: number,
    edgeThreshold: number,
    firstLevel: number,
    wtaK: number,
    scoreType: number,
    patchSize: number,
    fastThreshold: number,
  ) => CvOrb;
  CV_8UC1: number;
  ORB_HARRIS_SCORE: number;
  onRuntimeInitialized?: () => void;
}

/** Pyramid and corner settings: OpenCV's defaults for ORB. */
const SCALE_FACTOR = 1.2;
const LEVELS = 8;
const EDGE_THRESHOLD = 31;
const PATCH_SIZE = 31;
const FAST_THRESHOLD = 20;

let loading: Promise<{ cv: OpenCv }> | null = null;

/**
 * OpenCV, loaded once per thread (about 10 MB of script with its WebAssembly inside; a few hundred
 * milliseconds). Its Node glue registers process-wide handlers that turn any uncaught error or
 * unhandled rejection of the thread into an abort; they are taken off again, so errors here are
 * handled like any other.
 */
function openCv(): Promise<{ cv: OpenCv }> {
  loading ??= (async () => {
    const uncaught = new Set(process.listeners("uncaughtException"));
    const unhandled = new Set(process.listeners("unhandledRejection"));
    const cv = createRequire(import.meta.url)("@techstark/opencv-js") as OpenCv;
    for (const listener of process.listeners("uncaughtException")) if (!uncaught.has(listener)) process.removeListener("uncaughtException", listener);
    for (const listener of process.listeners("unhandledRejection")) if (!unhandled.has(listener)) process.removeListener("unhandledRejection", listener);
    if (!(cv as Partial<OpenCv>).Mat) await new Promise<void>((resolve) => (cv.onRuntimeInitialized = resolve));
    // wrapped: the module is a "thenable" that resolves to itself, so a promise of it never settles
    return { cv };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Loads OpenCV now (the first keypoint detection would otherwise pay for it); throws if it cannot. */
export async function loadOrb(): Promise<void> {
  await openCv();
}

/**
 * Up to `max` keypoints of an 8-bit grey picture, strongest first as OpenCV keeps them. The
 * WebAssembly memory is freed before returning, also when OpenCV throws.
 */
export async function detectKeypoints(grey: { data: Uint8Array; width: number; height: number }, max: number): Promise<Keypoints> {
  const { cv } = await openCv();
  const image = new cv.Mat(grey.height, grey.width, cv.CV_8UC1);
  const mask = new cv.Mat();
  const found = new cv.KeyPointVector();
  const described = new cv.Mat();
  const orb = new cv.ORB(max, SCALE_FACTOR, LEVELS, EDGE_THRESHOLD, 0, 2, cv.ORB_HARRIS_SCORE, PATCH_SIZE, FAST_THRESHOLD);
  try {
    image.data.set(grey.data);
    orb.detectAndCompute(image, mask, found, described);
    const count = Math.min(found.size(), described.rows);
    const x = new Float32Array(count);
    const y = new Float32Array(count);
    const angle = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      const k = found.get(i);
      x[i] = k.pt.x;
      y[i] = k.pt.y;
      angle[i] = k.angle;
    }
    const descriptors = new Uint32Array((count * DESCRIPTOR_BYTES) / 4);
    new Uint8Array(descriptors.buffer).set(described.data.subarray(0, count * DESCRIPTOR_BYTES));
    return { width: grey.width, height: grey.height, count, x, y, angle, descriptors };
  } finally {
    orb.delete();
    described.delete();
    found.delete();
    mask.delete();
    image.delete();
  }
}
