import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localMediaStore, mediaContentType, mediaKey } from "./media-store";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe("media keys", () => {
  it("takes the key of a /media address, and nothing that climbs out or is not media", () => {
    expect(mediaKey("/media/products/upload-640-ab12cd34ef.webp")).toBe("products/upload-640-ab12cd34ef.webp");
    expect(mediaKey("/media/ads/ad-1200-0123456789.webp?v=1")).toBe("ads/ad-1200-0123456789.webp");
    for (const address of [
      "/media/../package.json",
      "/media/%2e%2e/package.json",
      "/media/products/../../x.webp",
      "/media/products/.hidden",
      "/media//products/x.webp",
      "/media/products/x y.webp",
      "/media/%E0%A4%A",
      "/api/products",
      "/media/",
    ])
      expect(mediaKey(address), address).toBeNull();
  });

  it("names the content type by the extension", () => {
    expect(mediaContentType("products/x.webp")).toBe("image/webp");
    expect(mediaContentType("products/x.avif")).toBe("image/avif");
    expect(mediaContentType("ads/v.mp4")).toBe("video/mp4");
    expect(mediaContentType("ads/v.bin")).toBe("application/octet-stream");
  });
});

describe("the local store", () => {
  it("writes whole files under their key, reads them back, and answers null for a missing one", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "media-store-"));
    dirs.push(dir);
    const store = localMediaStore(dir);
    await store.put("products/a-320-0123456789.webp", Buffer.from("picture"));
    expect((await store.read("products/a-320-0123456789.webp"))?.toString()).toBe("picture");
    expect(await store.has("products/a-320-0123456789.webp")).toBe(true);
    expect(await store.read("products/none.webp")).toBeNull();
    expect(await store.has("products/none.webp")).toBe(false);
    // no temporary file is left beside it
    expect(await fs.readdir(path.join(dir, "products"))).toEqual(["a-320-0123456789.webp"]);
    await expect(store.put("../outside.webp", Buffer.from("x"))).rejects.toThrow(/not a media key/);
  });
});
