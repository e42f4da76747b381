/**
 * Keypoints of a picture: distinctive corners (a pin, a letter of a label, a component's edge), each
 * with where it is, which way it points and a 256-bit binary descriptor of the pixels around it
 * (ORB, orb.ts). Two pictures of the same object share many of them, placed alike, whatever turned,
 * scaled or surrounded it, which is what keypoint-index.ts checks.
 *
 * Stored per catalogue picture as one compact record (`image_keypoints.keypoints`):
 *   bytes 0–3 "KPT1", 4–7 count (u32), 8–9 width, 10–11 height (u16),
 *   then x, y and angle as float32 (count each), then the descriptors (32 bytes each),
 * little-endian, every part 4-byte aligned so the arrays are views on the record, not copies.
 */
export interface Keypoints {
  /** size of the picture the keypoints were found on */
  width: number;
  height: number;
  count: number;
  x: Float32Array;
  y: Float32Array;
  /** orientation in degrees, clockwise in image coordinates (0–360) */
  angle: Float32Array;
  /** `count` × 8 words: each keypoint's 256-bit descriptor */
  descriptors: Uint32Array;
}

/** Bytes of one descriptor. */
export const DESCRIPTOR_BYTES = 32;
const DESCRIPTOR_WORDS = DESCRIPTOR_BYTES / 4;
const MAGIC = 0x3154504b; // "KPT1" read as a little-endian u32
const HEADER_BYTES = 12;

/** Size of the record of `count` keypoints. */
export function recordBytes(count: number): number {
  return HEADER_BYTES + count * (3 * 4 + DESCRIPTOR_BYTES);
}

export function encodeKeypoints(keypoints: Keypoints): Uint8Array {
  const { count } = keypoints;
  const bytes = new Uint8Array(recordBytes(count));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, count, true);
  view.setUint16(8, keypoints.width, true);
  view.setUint16(10, keypoints.height, true);
  const floats = new Float32Array(bytes.buffer, HEADER_BYTES, 3 * count);
  floats.set(keypoints.x.subarray(0, count), 0);
  floats.set(keypoints.y.subarray(0, count), count);
  floats.set(keypoints.angle.subarray(0, count), 2 * count);
  new Uint32Array(bytes.buffer, HEADER_BYTES + 12 * count, DESCRIPTOR_WORDS * count).set(keypoints.descriptors.subarray(0, DESCRIPTOR_WORDS * count));
  return bytes;
}

/**
 * The keypoints of a record at `offset` in `buffer` (which may be shared between threads), as views
 * on it. Throws for anything that is not a whole record.
 */
export function decodeKeypoints(buffer: ArrayBufferLike, offset = 0, length = buffer.byteLength - offset): Keypoints {
  if (offset % 4 !== 0) throw new Error("a keypoint record must start 4-byte aligned");
  if (length < HEADER_BYTES) throw new Error("keypoint record too short");
  const view = new DataView(buffer, offset, HEADER_BYTES);
  if (view.getUint32(0, true) !== MAGIC) throw new Error("not a keypoint record");
  const count = view.getUint32(4, true);
  if (recordBytes(count) !== length) throw new Error(`keypoint record of ${length} bytes does not hold ${count} keypoints`);
  const floats = offset + HEADER_BYTES;
  return {
    width: view.getUint16(8, true),
    height: view.getUint16(10, true),
    count,
    x: new Float32Array(buffer, floats, count),
    y: new Float32Array(buffer, floats + 4 * count, count),
    angle: new Float32Array(buffer, floats + 8 * count, count),
    descriptors: new Uint32Array(buffer, floats + 12 * count, DESCRIPTOR_WORDS * count),
  };
}

/**
 * Many records in one buffer that worker threads share without a copy: a u32 count, the u32 start
 * of every record and the end of the last, then the records one after another.
 */
export function packKeypointRecords(records: Uint8Array[]): SharedArrayBuffer {
  const headerBytes = 4 * (records.length + 2);
  const total = headerBytes + records.reduce((sum, r) => sum + r.byteLength, 0);
  const buffer = new SharedArrayBuffer(total);
  const starts = new Uint32Array(buffer, 0, records.length + 2);
  starts[0] = records.length;
  const bytes = new Uint8Array(buffer);
  let at = headerBytes;
  records.forEach((record, i) => {
    if (record.byteLength % 4 !== 0) throw new Error("keypoint records are whole words");
    starts[i + 1] = at;
    bytes.set(record, at);
    at += record.byteLength;
  });
  starts[records.length + 1] = at;
  return buffer;
}

/** The records of `packKeypointRecords` as bytes, views on the shared buffer. */
export function unpackRecordBytes(buffer: ArrayBufferLike): Uint8Array[] {
  const count = new Uint32Array(buffer, 0, 1)[0]!;
  const starts = new Uint32Array(buffer, 0, count + 2);
  return Array.from({ length: count }, (_, i) => new Uint8Array(buffer, starts[i + 1]!, starts[i + 2]! - starts[i + 1]!));
}

/** The records of `packKeypointRecords`, as keypoints viewing the shared buffer. */
export function unpackKeypointRecords(buffer: ArrayBufferLike): Keypoints[] {
  return unpackRecordBytes(buffer).map((r) => decodeKeypoints(buffer, r.byteOffset, r.byteLength));
}

/** 8-bit grey levels of an RGB picture (the ITU-R BT.601 weights, as OpenCV's RGB-to-grey). */
export function greyLevels(rgb: { data: Uint8Array; width: number; height: number }): { data: Uint8Array; width: number; height: number } {
  const { width, height, data } = rgb;
  const grey = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < grey.length; p++, i += 3) grey[p] = (data[i]! * 4899 + data[i + 1]! * 9617 + data[i + 2]! * 1868 + 8192) >> 14;
  return { data: grey, width, height };
}
