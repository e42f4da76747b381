import { describe, expect, it } from "vitest";
import { decodeKeypoints, encodeKeypoints, greyLevels, packKeypointRecords, recordBytes, unpackKeypointRecords, type Keypoints } from "./keypoints";

function keypoints(count: number, seed: number): Keypoints {
  return {
    width: 640,
    height: 480,
    count,
    x: Float32Array.from({ length: count }, (_, i) => i * 1.5 + seed),
    y: Float32Array.from({ length: count }, (_, i) => 400 - i + seed),
    angle: Float32Array.from({ length: count }, (_, i) => (i * 37 + seed) % 360),
    descriptors: Uint32Array.from({ length: count * 8 }, (_, i) => Math.imul(i + 1, 2654435761 + seed) >>> 0),
  };
}

const plain = (k: Keypoints) => ({ ...k, x: Array.from(k.x), y: Array.from(k.y), angle: Array.from(k.angle), descriptors: Array.from(k.descriptors) });

describe("keypoint records", () => {
  it("round-trip, as views on the record", () => {
    const original = keypoints(5, 3);
    const record = encodeKeypoints(original);
    expect(record.byteLength).toBe(recordBytes(5));
    const decoded = decodeKeypoints(record.buffer);
    expect(plain(decoded)).toEqual(plain(original));
    expect(decoded.descriptors.buffer).toBe(record.buffer);
  });

  it("keep a picture without keypoints", () => {
    const empty = keypoints(0, 0);
    expect(plain(decodeKeypoints(encodeKeypoints(empty).buffer))).toEqual(plain(empty));
  });

  it("refuse what is not a whole record", () => {
    const record = encodeKeypoints(keypoints(3, 1));
    expect(() => decodeKeypoints(record.buffer, 0, record.byteLength - 4)).toThrow("does not hold 3 keypoints");
    expect(() => decodeKeypoints(new Uint8Array(record.byteLength).buffer)).toThrow("not a keypoint record");
    expect(() => decodeKeypoints(new Uint8Array(8).buffer)).toThrow("too short");
  });

  it("pack many into one shared buffer that unpacks to the same keypoints", () => {
    const list = [keypoints(4, 1), keypoints(0, 2), keypoints(7, 3)];
    const shared = packKeypointRecords(list.map(encodeKeypoints));
    expect(shared).toBeInstanceOf(SharedArrayBuffer);
    expect(unpackKeypointRecords(shared).map(plain)).toEqual(list.map(plain));
    expect(unpackKeypointRecords(packKeypointRecords([]))).toEqual([]);
  });
});

describe("greyLevels", () => {
  it("weighs red, green and blue as OpenCV does", () => {
    const rgb = { data: Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0]), width: 5, height: 1 };
    expect(Array.from(greyLevels(rgb).data)).toEqual([76, 150, 29, 255, 0]);
  });
});
