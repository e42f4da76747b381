import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands, categories, products } from "../../src/server/db/schema";
import { s3MediaStore } from "../../src/server/media/media-store";
import { adminCookie, buildTestApi, multipartForm, setupApi } from "./harness";
import { startLocalS3, type LocalS3 } from "./local-s3";

const api = setupApi();
let s3: LocalS3;
type TestApi = Awaited<ReturnType<typeof buildTestApi>>;
/** two app servers over one database and one bucket, each with its own store client (and memory) */
let first: TestApi;
let second: TestApi;
let admin = "";

const storeOf = () =>
  s3MediaStore({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  });

function multipart(bytes: Buffer, filename: string) {
  const form = multipartForm([{ name: "file", filename, data: bytes }]);
  return { headers: { ...form.headers, cookie: admin }, payload: form.payload };
}

beforeAll(async () => {
  s3 = await startLocalS3();
  first = await buildTestApi(api, { config: { media: storeOf() } });
  second = await buildTestApi(api, { config: { media: storeOf() } });
  admin = await adminCookie(api, "media-s3");
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await s3?.close();
});

describe("media in an S3-compatible bucket shared by app servers", () => {
  it(
    "serves a picture uploaded through one server from the other, cached for good, and embeds it for search by image there",
    { timeout: 120_000 },
    async () => {
      const picture = await sharp({ create: { width: 700, height: 500, channels: 3, background: { r: 30, g: 90, b: 200 } } })
        .png()
        .toBuffer();
      const uploaded = await first.app.inject({ method: "POST", url: "/api/admin/products/image", ...multipart(picture, "p.png") });
      expect(uploaded.statusCode).toBe(201);
      const image = uploaded.json<{ image: string }>().image;
      expect(image).toMatch(/^\/media\/products\/upload-640-[0-9a-f]{10}\.webp$/);

      for (const url of [image, image.replace("-640-", "-320-")]) {
        const res = await second.app.inject({ method: "GET", url, headers: { accept: "image/webp,*/*" } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["content-type"]).toBe("image/webp");
        expect(res.headers["cache-control"]).toContain("immutable");
        expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(url.includes("-640-") ? 640 : 320);
      }
      const head = await second.app.inject({ method: "HEAD", url: image });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);

      // the other server reads the new picture from the bucket to give it its image-search vector
      const [category] = await api.handle.db.select().from(categories).limit(1);
      const [brand] = await api.handle.db.select().from(brands).limit(1);
      const sku = `S3-${process.pid}-${Date.now() % 100_000}`;
      await api.handle.db.insert(products).values({
        name: `Shared bucket part ${sku}`,
        slug: sku.toLowerCase(),
        description: "",
        image,
        categoryId: category!.id,
        category: category!.name,
        brandId: brand!.id,
        brand: brand!.name,
        sku,
        price: 1_000,
        originalPrice: 1_000,
        stockQuantity: 1,
      });
      try {
        const sync = await second.services.imageSearch.sync();
        expect(sync.failed).not.toContain(image);
        expect(sync.embedded).toBeGreaterThanOrEqual(1);
      } finally {
        // the suite's other files read every product's picture from the local folder
        await api.handle.db.delete(products).where(eq(products.sku, sku));
      }
    },
  );

  it("makes and serves the AVIF twin through the bucket", { timeout: 120_000 }, async () => {
    const picture = await sharp({
      create: { width: 640, height: 640, channels: 3, background: { r: 240, g: 180, b: 20 } },
    })
      .composite([{ input: Buffer.from('<svg width="640" height="640"><circle cx="320" cy="320" r="200" fill="#0f766e"/></svg>') }])
      .png()
      .toBuffer();
    const image = (await first.app.inject({ method: "POST", url: "/api/admin/products/image", ...multipart(picture, "q.png") })).json<{ image: string }>()
      .image;
    const accept = "image/avif,image/webp,*/*;q=0.8";
    let res = await second.app.inject({ method: "GET", url: image, headers: { accept } });
    for (let i = 0; i < 100 && res.headers["content-type"] !== "image/avif"; i++) {
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await second.app.inject({ method: "GET", url: image, headers: { accept } });
    }
    expect(res.headers["content-type"]).toBe("image/avif");
    expect(String(res.headers.vary)).toMatch(/accept/i);
    // made by the second server, the twin is in the bucket for the first one too
    expect(await storeOf().has(image.slice("/media/".length).replace(/\.webp$/, ".avif"))).toBe(true);
  });

  it("plays an ad video by byte ranges, and answers 404 for what is not in the bucket or climbs out of it", { timeout: 60_000 }, async () => {
    // the smallest valid-looking MP4 by its bytes (an ftyp box), padded past the in-memory size
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(4), Buffer.from("isommp41"), Buffer.alloc(700_000, 1)]);
    const uploaded = await first.app.inject({ method: "POST", url: "/api/admin/ads/media", ...multipart(mp4, "v.mp4") });
    expect(uploaded.statusCode).toBe(201);
    const video = uploaded.json<{ mediaUrl: string }>().mediaUrl;
    const part = await second.app.inject({ method: "GET", url: video, headers: { range: "bytes=100-199" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.headers["content-type"]).toBe("video/mp4");
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const whole = await second.app.inject({ method: "GET", url: video });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp4)).toBe(true);

    for (const url of ["/media/products/none-640-0000000000.webp", "/media/../package.json", "/media/%2e%2e/package.json", "/media/products/.hidden"]) {
      const res = await second.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: "not-found" });
    }
  });
});
