/**
 * Builds models/image-encoder.onnx, the image encoder that search by image uses when it is there.
 *
 * Why this exists: search by image wants a learnt image encoder, but no model may be downloaded at
 * run time and the only thing this project's machines reach is the npm registry. The npm package
 * nsfwjs@4.4.0 (MIT, © Infinite Red) ships a MobileNetV2 (depth multiplier 1.4) as a TF.js graph
 * model, inside UMD wrappers, in dist/models/mobilenet_v2_mid. This script runs at install time
 * (`postinstall`), fetches that tarball through npm itself (so the user's registry, proxy and cache
 * settings apply), checks the SHA-256 of the three model files, reads the graph and the quantised
 * weights as data (nothing from the tarball is ever executed), and writes the network from its input
 * up to the output of its second-to-last inverted-residual block (`expanded_conv_15/add`, 224
 * channels at 7 × 7), averaged over the picture, as an ONNX model that onnxruntime-node runs:
 *
 *   input  `pixel_values`  float32 [batch, 3, 224, 224], RGB, NCHW, values 0..1 (pixel / 255, as
 *                          nsfwjs feeds the model; the graph itself maps them to -1..1)
 *   output `image_embeds`  float32 [batch, 224]
 *
 * Why that block and not the network's own 1,792-value pooled features (the last two layers, which
 * were trained for nsfwjs's five-class task): measured on the tuning half of the demo catalogue's
 * shopper-photo alterations (bench/tune-image-search.ts), alone both find the product about as
 * often (top-1 0.55), but fused with the descriptor the block's output does better (top-1 0.675,
 * recall@5 0.881, against 0.646 and 0.869), with an eighth of the dimensions to store and compare.
 *
 * Beside it, models/image-encoder.json records the provenance: source package, file hashes, the
 * licence, the converter version and the output's SHA-256. A run whose files are already current
 * prints one line and does nothing else. Any operation of the graph that this converter does not know
 * makes it fail: it never drops a node.
 *
 *   node scripts/image-encoder.mjs               fails (exit 1) on any error
 *   node scripts/image-encoder.mjs --postinstall  warns on error and exits 0 (never fails an install)
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Bump whenever the conversion changes what it writes. */
const CONVERTER_VERSION = 2;
const SOURCE = { name: "nsfwjs", version: "4.4.0" };
const MODEL_DIR = "package/dist/models/mobilenet_v2_mid/";
const FILES = {
  "model.min.js": "a7a9e701491e2449b221dab7c424957f853e700602b5575da33cfd745616f964",
  "group1-shard1of2.min.js": "f2e79a209e44d668220ec5f1533a98f2be954e3953685bf074d201b82fefc29a",
  "group1-shard2of2.min.js": "f291df992a0131741372506a6072fb9f1645bff7c973c983fd6276f5f9625d5e",
};
/** The graph is cut after this node; its [batch, C, 7, 7] output is averaged to [batch, C]. */
const OUTPUT_NODE_SUFFIX = "MobilenetV2/expanded_conv_15/add";
const INPUT_NAME = "pixel_values";
const OUTPUT_NAME = "image_embeds";
const IMAGE_SIZE = 224;
const OPSET = 13;
const IR_VERSION = 8;

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, "models");
const onnxPath = path.join(outDir, "image-encoder.onnx");
const jsonPath = path.join(outDir, "image-encoder.json");

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

// ---------------------------------------------------------------------------------------------
// Fetching and unpacking the source package

/** npm pack <spec> into a fresh temporary folder; returns the tarball's bytes and npm's record of it. */
async function packSource() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "image-encoder-"));
  try {
    const args = ["pack", `${SOURCE.name}@${SOURCE.version}`, "--pack-destination", dir, "--json", "--ignore-scripts"];
    // run by npm: the same npm (and so its configuration); else the npm on PATH
    const execpath = process.env.npm_execpath;
    const [command, commandArgs] = execpath && /npm(-cli)?(\.c?js)?$/.test(path.basename(execpath)) ? [process.execPath, [execpath, ...args]] : ["npm", args];
    const stdout = await new Promise((resolve, reject) => {
      execFile(
        command,
        commandArgs,
        { maxBuffer: 64 << 20, timeout: 10 * 60_000, shell: process.platform === "win32" && command === "npm" },
        (error, out, err) => (error ? reject(new Error(`npm pack ${SOURCE.name}@${SOURCE.version} failed: ${(err || error.message).trim()}`)) : resolve(out)),
      );
    });
    const start = stdout.indexOf("[");
    const record = JSON.parse(stdout.slice(start))[0];
    if (!record?.filename) throw new Error(`npm pack printed no tarball name: ${stdout.slice(0, 200)}`);
    const tgz = await readFile(path.join(dir, path.basename(record.filename)));
    return { tgz, record };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The regular files of a tar archive (ustar, with pax or GNU long names), by path. */
function untar(tar, wanted) {
  const files = new Map();
  const text = (from, to) => new TextDecoder().decode(tar.subarray(from, to)).replace(/\0.*$/s, "");
  let offset = 0;
  let longName = null;
  while (offset + 512 <= tar.length && tar[offset] !== 0) {
    const sizeField = text(offset + 124, offset + 136).trim();
    if (!/^[0-7]+$/.test(sizeField)) throw new Error(`unreadable tar header at byte ${offset}`);
    const size = parseInt(sizeField, 8);
    const type = String.fromCharCode(tar[offset + 156]);
    const prefix = text(offset + 257, offset + 263).startsWith("ustar") ? text(offset + 345, offset + 500) : "";
    const name = longName ?? (prefix ? `${prefix}/` : "") + text(offset, offset + 100);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    if (body.length !== size) throw new Error("the tarball is truncated");
    longName = null;
    if (type === "x") longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(new TextDecoder().decode(body))?.[1] ?? null;
    else if (type === "L") longName = new TextDecoder().decode(body).replace(/\0.*$/s, "");
    else if ((type === "0" || type === "\0") && wanted.has(name)) files.set(name, body);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

// ---------------------------------------------------------------------------------------------
// Reading the UMD modules as data

/**
 * Parses the one value `X.exports=<literal>` of a browserified UMD module, without running it: a
 * strict subset of JavaScript literals (objects, arrays, double-quoted strings with JSON escapes,
 * numbers, !0/!1, true/false/null). Anything else is an error.
 */
function exportedLiteral(source, file) {
  const heads = [...source.matchAll(/\{1:\[function\(([\w$]+),([\w$]+),([\w$]+)\)\{\2\.exports=/g)];
  if (heads.length !== 1) throw new Error(`${file}: expected one exported value, found ${heads.length}`);
  let i = heads[0].index + heads[0][0].length;
  const fail = (message) => {
    throw new Error(`${file}: ${message} at offset ${i}: ${JSON.stringify(source.slice(i, i + 40))}`);
  };
  const space = () => {
    while (/\s/.test(source[i] ?? "")) i++;
  };
  const string = () => {
    let j = i + 1;
    while (source[j] !== '"') {
      if (j >= source.length || source[j] === "\n") fail("unterminated string");
      j += source[j] === "\\" ? 2 : 1;
    }
    const value = JSON.parse(source.slice(i, j + 1));
    i = j + 1;
    return value;
  };
  const value = () => {
    space();
    const c = source[i];
    if (c === "{" || c === "[") {
      const isObject = c === "{";
      const close = isObject ? "}" : "]";
      const result = isObject ? {} : [];
      i++;
      space();
      if (source[i] === close) return (i++, result);
      for (;;) {
        space();
        if (isObject) {
          let key;
          if (source[i] === '"') key = string();
          else {
            key = /^[A-Za-z_$][\w$]*/.exec(source.slice(i, i + 256))?.[0];
            if (!key) fail("expected a key");
            i += key.length;
          }
          space();
          if (source[i++] !== ":") fail("expected ':'");
          Object.defineProperty(result, key, { value: value(), enumerable: true, writable: true, configurable: true });
        } else result.push(value());
        space();
        if (source[i] === ",") i++;
        else if (source[i] === close) return (i++, result);
        else fail(`expected ',' or '${close}'`);
      }
    }
    if (c === '"') return string();
    const rest = source.slice(i, i + 64);
    let m;
    if ((m = /^!([01])(?![\w$.])/.exec(rest))) return ((i += 2), m[1] === "0");
    if ((m = /^(?:true|false|null)(?![\w$])/.exec(rest))) return ((i += m[0].length), JSON.parse(m[0]));
    if ((m = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?![\w$.])/.exec(rest))) return ((i += m[0].length), Number(m[0]));
    fail("unsupported syntax");
  };
  const result = value();
  space();
  if (source[i] === ";") i++;
  space();
  if (source[i] !== "}") fail("unexpected text after the exported value");
  return result;
}

function base64(text, file) {
  if (typeof text !== "string" || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new Error(`${file}: not a base64 string`);
  return new Uint8Array(Buffer.from(text, "base64"));
}

// ---------------------------------------------------------------------------------------------
// Weights

function halfToFloat(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** Decodes the weights of a TF.js manifest from its shards (concatenated in manifest order). */
function decodeWeights(manifest, shards) {
  const weights = new Map();
  for (const group of manifest) {
    const parts = group.paths.map((p) => {
      const shard = shards.get(p);
      if (!shard) throw new Error(`weight shard ${p} is not one of the verified files`);
      return shard;
    });
    const buffer = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (buffer.set(p, at), at + p.length), 0);
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    let offset = 0;
    for (const spec of group.weights) {
      const count = spec.shape.reduce((n, d) => n * d, 1);
      if (spec.dtype !== "float32") throw new Error(`weight ${spec.name}: dtype ${spec.dtype} is not supported`);
      const q = spec.quantization;
      const values = new Float32Array(count);
      let bytes;
      if (!q) {
        bytes = 4;
        for (let k = 0; k < count; k++) values[k] = view.getFloat32(offset + 4 * k, true);
      } else if (q.dtype === "uint8" || q.dtype === "uint16") {
        if (typeof q.min !== "number" || typeof q.scale !== "number") throw new Error(`weight ${spec.name}: quantisation without min and scale`);
        bytes = q.dtype === "uint8" ? 1 : 2;
        // as TF.js: value = q * scale + min, rounded once to float32
        for (let k = 0; k < count; k++) values[k] = (bytes === 1 ? view.getUint8(offset + k) : view.getUint16(offset + 2 * k, true)) * q.scale + q.min;
      } else if (q.dtype === "float16") {
        bytes = 2;
        for (let k = 0; k < count; k++) values[k] = halfToFloat(view.getUint16(offset + 2 * k, true));
      } else throw new Error(`weight ${spec.name}: quantisation ${q.dtype} is not supported`);
      if (offset + count * bytes > buffer.length) throw new Error(`weight ${spec.name} runs past the end of its shards`);
      weights.set(spec.name, { shape: spec.shape, values });
      offset += count * bytes;
    }
    if (offset !== buffer.length) throw new Error(`the shards hold ${buffer.length} bytes, the manifest describes ${offset}`);
  }
  return weights;
}

// ---------------------------------------------------------------------------------------------
// Graph conversion (TF NHWC graph → ONNX NCHW graph)

const attrString = (attr) => (attr?.s === undefined ? undefined : Buffer.from(attr.s, "base64").toString("utf8"));
const attrInts = (attr) => (attr?.list?.i ?? []).map(Number);

function float32Bytes(values) {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (let k = 0; k < values.length; k++) view.setFloat32(4 * k, values[k], true);
  return out;
}

/** [h, w, in, out] → [out, in, h, w] */
function convKernel({ shape: [h, w, cin, cout], values }) {
  const out = new Float32Array(values.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let i = 0; i < cin; i++) for (let o = 0; o < cout; o++) out[((o * cin + i) * h + y) * w + x] = values[((y * w + x) * cin + i) * cout + o];
  return { dims: [cout, cin, h, w], values: out };
}

/** depthwise [h, w, in, multiplier] → [in × multiplier, 1, h, w] (ONNX Conv with group = in) */
function depthwiseKernel({ shape: [h, w, cin, mult], values }) {
  const out = new Float32Array(values.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < cin; c++) for (let m = 0; m < mult; m++) out[((c * mult + m) * h + y) * w + x] = values[((y * w + x) * cin + c) * mult + m];
  return { dims: [cin * mult, 1, h, w], values: out };
}

/** TF's padding of one spatial dimension: [before, after, output size]. */
function tfPadding(padding, size, kernel, stride, dilation, explicit) {
  const effective = (kernel - 1) * dilation + 1;
  if (padding === "SAME") {
    const out = Math.ceil(size / stride);
    const total = Math.max((out - 1) * stride + effective - size, 0);
    return [Math.floor(total / 2), total - Math.floor(total / 2), out];
  }
  if (padding === "VALID") return [0, 0, Math.floor((size - effective) / stride) + 1];
  if (padding === "EXPLICIT") return [explicit[0], explicit[1], Math.floor((size + explicit[0] + explicit[1] - effective) / stride) + 1];
  throw new Error(`padding ${padding} is not supported`);
}

function convertGraph(modelJson, weights) {
  const nodes = new Map(modelJson.modelTopology.node.map((n) => [n.name, n]));
  const targets = [...nodes.keys()].filter((name) => name.endsWith(OUTPUT_NODE_SUFFIX));
  if (targets.length !== 1) throw new Error(`expected one node named …${OUTPUT_NODE_SUFFIX}, found ${targets.length}`);
  const inputName = (ref) => {
    if (ref.startsWith("^")) throw new Error(`control input ${ref} is not supported`);
    const [name, index = "0"] = ref.split(":");
    if (index !== "0") throw new Error(`input ${ref}: only the first output of a node is supported`);
    return name;
  };

  // the nodes the target depends on, in dependency order
  const order = [];
  const state = new Map();
  const visit = (name) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`the graph has a cycle through ${name}`);
    const node = nodes.get(name);
    if (!node) throw new Error(`node ${name} is referenced but not defined`);
    state.set(name, "visiting");
    for (const ref of node.input ?? []) {
      // a constant's value does not depend on its control inputs (here: "^input")
      if (node.op === "Const" && ref.startsWith("^")) continue;
      visit(inputName(ref));
    }
    state.set(name, "done");
    order.push(node);
  };
  visit(targets[0]);

  const prefix = targets[0].slice(0, targets[0].length - OUTPUT_NODE_SUFFIX.length);
  const short = (name) => (name.startsWith(prefix) ? name.slice(prefix.length) : name);
  const onnxNodes = [];
  const initializers = [];
  const initializerNames = new Set();
  const shapes = new Map(); // tensor name → NCHW shape (batch as "batch")
  const aliases = new Map(); // Identity → its input
  const tensorOf = (ref) => {
    const name = inputName(ref);
    return aliases.get(name) ?? short(name);
  };
  const constant = (ref) => {
    const name = inputName(ref);
    const node = nodes.get(name);
    if (node?.op !== "Const") throw new Error(`${name} should be a constant, is ${node?.op}`);
    const weight = weights.get(name);
    if (!weight) throw new Error(`constant ${name} has no weights in the manifest`);
    return weight;
  };
  const addInitializer = (name, dims, dataType, rawData) => {
    if (initializerNames.has(name)) return name;
    initializerNames.add(name);
    initializers.push({ name, dims, dataType, rawData });
    return name;
  };
  const floatInitializer = (name, dims, values) => addInitializer(name, dims, 1, float32Bytes(values));
  const shapeOf = (ref) => {
    const shape = shapes.get(tensorOf(ref));
    if (!shape) throw new Error(`no shape known for ${ref}`);
    return shape;
  };
  const emit = (op, name, inputs, output, attribute = []) => onnxNodes.push({ name, opType: op, input: inputs, output: [output], attribute });
  const ints = (name, values) => ({ name, type: 7, ints: values });
  const int = (name, value) => ({ name, type: 2, i: value });
  const check = (condition, node, message) => {
    if (!condition) throw new Error(`${node.op} ${node.name}: ${message}`);
  };

  for (const node of order) {
    const out = short(node.name);
    const attr = node.attr ?? {};
    const inputs = node.input ?? [];
    switch (node.op) {
      case "Placeholder": {
        const dims = attr.shape?.shape?.dim?.map((d) => Number(d.size)) ?? [];
        check(dims.length === 4 && dims[1] === IMAGE_SIZE && dims[2] === IMAGE_SIZE && dims[3] === 3, node, `unexpected input shape ${dims}`);
        check(attr.dtype?.type === "DT_FLOAT", node, "the input is not float32");
        aliases.set(node.name, INPUT_NAME);
        shapes.set(INPUT_NAME, ["batch", 3, IMAGE_SIZE, IMAGE_SIZE]);
        break;
      }
      case "Const":
        break; // written where it is used, in the layout its user needs
      case "Identity":
        aliases.set(node.name, tensorOf(inputs[0]));
        break;
      case "Mul":
      case "Sub":
      case "AddV2":
      case "Add": {
        check(inputs.length === 2, node, "expected two inputs");
        const names = inputs.map((ref) => {
          if (nodes.get(inputName(ref))?.op !== "Const") return tensorOf(ref);
          const weight = constant(ref);
          check(weight.values.length === 1, node, "only scalar constants are supported in element-wise operations");
          return floatInitializer(short(inputName(ref)), [], weight.values);
        });
        const tensorShapes = inputs.filter((ref) => nodes.get(inputName(ref))?.op !== "Const").map(shapeOf);
        check(tensorShapes.length > 0, node, "both inputs are constants");
        check(
          tensorShapes.every((s) => JSON.stringify(s) === JSON.stringify(tensorShapes[0])),
          node,
          "inputs of different shapes",
        );
        emit({ Mul: "Mul", Sub: "Sub", AddV2: "Add", Add: "Add" }[node.op], out, names, out);
        shapes.set(out, tensorShapes[0]);
        break;
      }
      case "_FusedConv2D":
      case "FusedDepthwiseConv2dNative": {
        const depthwise = node.op === "FusedDepthwiseConv2dNative";
        const fused = (attr.fused_ops?.list?.s ?? []).map((s) => Buffer.from(s, "base64").toString("utf8"));
        check(fused[0] === "BiasAdd" && fused.length <= 2 && [undefined, "Relu", "Relu6"].includes(fused[1]), node, `fused ops ${fused} not supported`);
        check(Number(attr.num_args?.i ?? 1) === 1 && inputs.length === 3, node, "expected input, filter and bias");
        check((attrString(attr.data_format) ?? "NHWC") === "NHWC", node, "only NHWC is supported");
        const strides = attrInts(attr.strides);
        const dilations = attr.dilations ? attrInts(attr.dilations) : [1, 1, 1, 1];
        check(strides.length === 4 && strides[0] === 1 && strides[3] === 1, node, `strides ${strides}`);
        check(dilations.length === 4 && dilations[0] === 1 && dilations[3] === 1, node, `dilations ${dilations}`);
        const padding = attrString(attr.padding);
        const explicit = attrInts(attr.explicit_paddings);
        check(padding === "EXPLICIT" ? explicit.length === 8 : explicit.length === 0, node, `explicit paddings ${explicit} with padding ${padding}`);
        const [batch, channels, height, width] = shapeOf(inputs[0]);
        const filter = constant(inputs[1]);
        check(filter.shape.length === 4 && filter.shape[2] === channels, node, `filter ${filter.shape} for ${channels} input channels`);
        const kernel = depthwise ? depthwiseKernel(filter) : convKernel(filter);
        const bias = constant(inputs[2]);
        check(bias.shape.length === 1 && bias.shape[0] === kernel.dims[0], node, `bias ${bias.shape} for ${kernel.dims[0]} outputs`);
        const [top, bottom, outHeight] = tfPadding(padding, height, filter.shape[0], strides[1], dilations[1], explicit.slice(2, 4));
        const [left, right, outWidth] = tfPadding(padding, width, filter.shape[1], strides[2], dilations[2], explicit.slice(4, 6));
        const weightName = floatInitializer(short(inputName(inputs[1])), kernel.dims, kernel.values);
        const biasName = floatInitializer(short(inputName(inputs[2])), bias.shape, bias.values);
        const convOut = fused[1] ? `${out}/conv` : out;
        emit("Conv", convOut, [tensorOf(inputs[0]), weightName, biasName], convOut, [
          ints("kernel_shape", filter.shape.slice(0, 2)),
          ints("strides", strides.slice(1, 3)),
          ints("dilations", dilations.slice(1, 3)),
          ints("pads", [top, left, bottom, right]),
          int("group", depthwise ? channels : 1),
        ]);
        if (fused[1] === "Relu") emit("Relu", out, [convOut], out);
        if (fused[1] === "Relu6") emit("Clip", out, [convOut, floatInitializer("relu6/min", [], [0]), floatInitializer("relu6/max", [], [6])], out);
        shapes.set(out, [batch, kernel.dims[0], outHeight, outWidth]);
        break;
      }
      default:
        throw new Error(`operation ${node.op} (node ${node.name}) is not supported by this converter`);
    }
  }

  const last = onnxNodes.at(-1);
  const cutShape = shapes.get(short(targets[0]));
  if (!last || last.output[0] !== short(targets[0]) || cutShape?.length !== 4) throw new Error("the cut block is not the graph's last output");
  // the average over the picture, as a [batch, C] vector
  const pooled = `${short(targets[0])}/global_average`;
  emit("GlobalAveragePool", pooled, [last.output[0]], pooled);
  emit("Flatten", OUTPUT_NAME, [pooled], OUTPUT_NAME, [int("axis", 1)]);
  const finalShape = [cutShape[0], cutShape[1]];
  const dim = (d) => (typeof d === "string" ? { dimParam: d } : { dimValue: d });
  const valueInfo = (name, shape) => ({ name, type: { tensorType: { elemType: 1, shape: { dim: shape.map(dim) } } } });
  return {
    graph: {
      name: "image_encoder",
      node: onnxNodes,
      initializer: initializers,
      input: [valueInfo(INPUT_NAME, shapes.get(INPUT_NAME))],
      output: [valueInfo(OUTPUT_NAME, finalShape)],
    },
    outputShape: finalShape,
    opCounts: order.reduce((counts, n) => ({ ...counts, [n.op]: (counts[n.op] ?? 0) + 1 }), {}),
  };
}

// ---------------------------------------------------------------------------------------------

async function writeAtomically(file, bytes) {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function isCurrent() {
  try {
    const record = JSON.parse(await readFile(jsonPath, "utf8"));
    if (record.converterVersion !== CONVERTER_VERSION) return false;
    if (record.source?.name !== SOURCE.name || record.source?.version !== SOURCE.version) return false;
    if (Object.entries(FILES).some(([file, hash]) => record.source?.files?.[MODEL_DIR + file] !== hash)) return false;
    return record.output?.sha256 === sha256(await readFile(onnxPath));
  } catch {
    return false;
  }
}

async function main() {
  if (await isCurrent()) {
    console.log(`image encoder: ${path.relative(root, onnxPath)} is up to date (converter ${CONVERTER_VERSION}, ${SOURCE.name}@${SOURCE.version})`);
    return;
  }
  const { gunzipSync } = await import("fflate");
  const { onnx } = (await import("onnx-proto")).default;

  console.log(`image encoder: converting ${SOURCE.name}@${SOURCE.version} (mobilenet_v2_mid) to ${path.relative(root, onnxPath)}…`);
  const { tgz, record } = await packSource();
  const licensePath = "package/LICENSE";
  const packageJsonPath = "package/package.json";
  const wanted = new Set([...Object.keys(FILES).map((f) => MODEL_DIR + f), licensePath, packageJsonPath]);
  const files = untar(gunzipSync(new Uint8Array(tgz.buffer, tgz.byteOffset, tgz.byteLength)), wanted);
  const sources = new Map();
  for (const [file, expected] of Object.entries(FILES)) {
    const bytes = files.get(MODEL_DIR + file);
    if (!bytes) throw new Error(`${record.filename} has no ${MODEL_DIR + file}`);
    const actual = sha256(bytes);
    if (actual !== expected) throw new Error(`${MODEL_DIR + file}: SHA-256 ${actual}, expected ${expected}; refusing to use it`);
    sources.set(file, new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  }

  const modelJson = exportedLiteral(sources.get("model.min.js"), "model.min.js");
  if (modelJson.format !== "graph-model" || !modelJson.modelTopology?.node || !modelJson.weightsManifest)
    throw new Error("model.min.js: not a TF.js graph model");
  const shards = new Map(
    [...sources]
      .filter(([file]) => file.startsWith("group"))
      .map(([file, text]) => [file.replace(/\.min\.js$/, ""), base64(exportedLiteral(text, file), file)]),
  );
  const weights = decodeWeights(modelJson.weightsManifest, shards);
  const { graph, outputShape, opCounts } = convertGraph(modelJson, weights);

  const license = files.get(licensePath) ? new TextDecoder().decode(files.get(licensePath)) : null;
  const packageJson = files.get(packageJsonPath) ? JSON.parse(new TextDecoder().decode(files.get(packageJsonPath))) : {};
  const model = {
    irVersion: IR_VERSION,
    opsetImport: [{ domain: "", version: OPSET }],
    producerName: "scripts/image-encoder.mjs",
    producerVersion: String(CONVERTER_VERSION),
    docString: `MobileNetV2 (1.4) feature extractor from ${SOURCE.name}@${SOURCE.version} dist/models/mobilenet_v2_mid, input to ${OUTPUT_NODE_SUFFIX}, averaged over the picture. Licence: ${packageJson.license ?? "see package"}.`,
    graph,
    metadataProps: [
      { key: "source", value: `${SOURCE.name}@${SOURCE.version}` },
      { key: "preprocessing", value: "RGB, 224x224, NCHW, pixel / 255" },
    ],
  };
  const bytes = onnx.ModelProto.encode(model).finish();
  const outputHash = sha256(bytes);

  const provenance = {
    converterVersion: CONVERTER_VERSION,
    source: {
      name: SOURCE.name,
      version: SOURCE.version,
      tarball: record.filename,
      integrity: record.integrity,
      model: MODEL_DIR.replace(/^package\//, "").replace(/\/$/, ""),
      files: Object.fromEntries(Object.entries(FILES).map(([file, hash]) => [MODEL_DIR + file, hash])),
      operations: opCounts,
    },
    licence: {
      spdx: packageJson.license ?? null,
      copyright:
        license
          ?.split("\n")
          .find((line) => /^\s*copyright/i.test(line))
          ?.trim() ?? null,
      text: license,
    },
    output: {
      file: path.basename(onnxPath),
      sha256: outputHash,
      bytes: bytes.length,
      opset: OPSET,
      irVersion: IR_VERSION,
      input: { name: INPUT_NAME, type: "float32", shape: graph.input[0].type.tensorType.shape.dim.map((d) => d.dimParam ?? d.dimValue) },
      output: { name: OUTPUT_NAME, type: "float32", shape: outputShape },
      preprocessing:
        "RGB (no alpha), resized to 224×224, NCHW, values pixel / 255 in 0..1 (nsfwjs: tf.browser.fromPixels → toFloat().div(255) → resizeBilinear(alignCorners = true)); the graph maps 0..1 to -1..1 itself",
    },
  };
  await mkdir(outDir, { recursive: true });
  await writeAtomically(onnxPath, bytes);
  await writeAtomically(jsonPath, `${JSON.stringify(provenance, null, 2)}\n`);
  console.log(`image encoder: wrote ${path.relative(root, onnxPath)} (${(bytes.length / 1e6).toFixed(1)} MB, sha256 ${outputHash.slice(0, 16)}…)`);
}

const postinstall = process.argv.includes("--postinstall");
try {
  await main();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (!postinstall) {
    console.error(`image encoder: ${message}`);
    process.exit(1);
  }
  console.warn(
    `\nWarning: the image encoder could not be built (${message}).\n` +
      "Search by image will fall back to its built-in descriptor. To retry: npm run image-encoder\n",
  );
}
