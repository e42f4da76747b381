import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/server/db/client";
import { IMAGE_TEXTS } from "../../src/server/image-search/decode";
import { createEmbedPool } from "../../src/server/image-search/embed-pool";
import { localMediaStore, mediaKey } from "../../src/server/media/media-store";
import { descriptorEmbedder } from "../../src/server/image-search/descriptor-embedder";
import { picturesLacking, saveEmbedding } from "../../src/server/image-search/embeddings-store";
import { ImageSearch } from "../../src/server/image-search/image-search";
import { hasPgvector, memoryIndex, openVectorIndex, pgvectorIndex } from "../../src/server/image-search/vector-index";
import { KEYPOINT_EXTRACTOR } from "../../src/server/image-search/keypoint-extractor";
import { encodeKeypoints, unpackKeypointRecords, unpackRecordBytes } from "../../src/server/image-search/keypoints";
import { keypointCatalogue } from "../../src/server/image-search/keypoint-catalogue";
import { saveKeypoints } from "../../src/server/image-search/keypoints-store";
import { mulberry32 } from "../../src/lib/random";
import { PHOTO_ALTERATIONS } from "../fixtures/image-alterations";
import { buildTestApi, multipartForm, setupApi, type FormPart } from "./harness";
import { cachingEmbedPool } from "../support/embedding-cache";

// its own copy of the seeded shop: it checks every picture of the catalogue (keypoints, nearest
// neighbours), and the pictures other files' tests upload (flat test images) are not catalogue photos
const api = setupApi({ pristine: true });

async function postImage(parts: FormPart[]) {
  const res = await api.app.inject({ method: "POST", url: "/api/image-search", ...multipartForm(parts) });
  return {
    status: res.statusCode,
    body: res.json() as {
      error?: string;
      products?: { id: number; name: string; image: string }[];
      keywords?: string[];
      keywordDetails?: Record<string, { sw?: string; category?: string }>;
    },
  };
}

async function someProducts(limit: number): Promise<{ id: number; name: string; image: string; category: string }[]> {
  return rowsOf(await api.handle.db.execute(sql`select id, name, image, category from products where sku not like 'BULK-%' order by id limit ${limit}`));
}

async function imageOf(image: string): Promise<Buffer> {
  return (await localMediaStore(api.mediaDir).read(mediaKey(image)!))!;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid PNG header that claims width × height pixels, with almost no data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("POST /api/image-search", () => {
  it("finds the product from its own photo first, with keywords from what it matched", async () => {
    const [product] = await someProducts(1);
    const photo = await sharp(await imageOf(product!.image))
      .jpeg({ quality: 70 })
      .toBuffer();
    const res = await postImage([{ name: "image", filename: "photo.jpg", type: "image/jpeg", data: photo }]);
    expect(res.status).toBe(200);
    expect(res.body.products![0]!.id).toBe(product!.id);
    expect(res.body.products!.length).toBeGreaterThan(5);
    expect(res.body.products![0]).toHaveProperty("price");
    expect(res.body.products![0]).toHaveProperty("original_price");
    expect(res.body.keywords!.length).toBeGreaterThan(0);
    expect(res.body.keywords).toContain(product!.category);
    // the category's chip opens the category, named in Kiswahili on a Kiswahili page
    const [category] = rowsOf<{ slug: string; name_sw: string }>(
      await api.handle.db.execute(sql`select slug, name_sw from categories where name = ${product!.category}`),
    );
    expect(res.body.keywordDetails![product!.category]).toEqual({ category: category!.slug, sw: category!.name_sw });
  });

  it("refuses a file over 10 MB with 413 while streaming it", async () => {
    const res = await postImage([{ name: "image", filename: "big.jpg", type: "image/jpeg", data: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff) }]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: IMAGE_TEXTS.tooLarge, code: "too-large" });
  });

  it("refuses a body that announces more than 10 MB before reading it", async () => {
    const form = multipartForm([{ name: "image", filename: "a.jpg", data: Buffer.alloc(10) }]);
    const res = await api.app.inject({
      method: "POST",
      url: "/api/image-search",
      headers: { ...form.headers, "content-length": String(20 * 1024 * 1024) },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: IMAGE_TEXTS.tooLarge, code: "too-large" });
  });

  it("refuses a PNG whose header claims 100,000 × 100,000 pixels without decoding it", async () => {
    const res = await postImage([{ name: "image", filename: "bomb.png", type: "image/png", data: pngClaiming(100_000, 100_000) }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: IMAGE_TEXTS.tooManyPixels, code: "too-many-pixels" });
  });

  it("refuses a truncated JPEG as damaged", async () => {
    const [product] = await someProducts(1);
    const jpeg = await sharp(await imageOf(product!.image))
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await postImage([{ name: "image", filename: "cut.jpg", type: "image/jpeg", data: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)) }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: IMAGE_TEXTS.damaged, code: "image-damaged" });
  });

  it("refuses a text file named .jpg", async () => {
    const res = await postImage([{ name: "image", filename: "notes.jpg", type: "image/jpeg", data: Buffer.from("these are not pixels\n".repeat(50)) }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: IMAGE_TEXTS.notAnImage, code: "not-an-image" });
  });

  it("refuses a form without the image field, a form with only another field, and a JSON body", async () => {
    const empty = await postImage([]);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: IMAGE_TEXTS.notAnImage, code: "not-an-image" });
    const other = await postImage([{ name: "picture", filename: "a.png", type: "image/png", data: pngClaiming(2, 2) }]);
    expect(other.status).toBe(400);
    expect(other.body.error).toBe("Send exactly one picture, in the field named image");
    const text = await postImage([{ name: "image", data: Buffer.from("hello") }]);
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ error: IMAGE_TEXTS.notAnImage, code: "not-an-image" });
    const json = await api.app.inject({ method: "POST", url: "/api/image-search", headers: { "content-type": "application/json" }, payload: "{}" });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toHaveProperty("error");
  });

  it("refuses two files", async () => {
    const [a, b] = await someProducts(2);
    const res = await postImage([
      { name: "image", filename: "a.webp", type: "image/webp", data: await imageOf(a!.image) },
      { name: "image", filename: "b.webp", type: "image/webp", data: await imageOf(b!.image) },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Send exactly one picture, in the field named image", code: "invalid-input" });
  });

  it("refuses cross-site posts like every other write", async () => {
    const form = multipartForm([]);
    const res = await api.app.inject({
      method: "POST",
      url: "/api/image-search",
      headers: { ...form.headers, origin: "https://evil.example" },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/image-search under load", () => {
  it("answers 503 with Retry-After when every worker is busy and nothing more may wait", async () => {
    const { app, close } = await buildTestApi(api, { config: { imageSearch: { workers: 1, maxWaiting: 0 } } });
    try {
      const [product] = await someProducts(1);
      const form = multipartForm([{ name: "image", filename: "p.webp", type: "image/webp", data: await imageOf(product!.image) }]);
      const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject({ method: "POST", url: "/api/image-search", ...form })));
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]!.json()).toEqual({ error: "Search by image is busy right now. Please try again in a moment.", code: "busy" });
      expect(busy[0]!.headers["retry-after"]).toBe("5");
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 503)).toBe(true);
    } finally {
      await close();
    }
  });
});

/** The embedder the shop runs by default (the learned encoder fused with the descriptor). */
async function currentEmbedder(): Promise<{ model: string; dimensions: number; previous?: string }> {
  const pool = createEmbedPool({ threads: 1 });
  try {
    return await pool.info();
  } finally {
    await pool.close();
  }
}

describe("stored image vectors and the two nearest-neighbour paths", () => {
  it("every distinct product image has one vector, from the current embedder: the learned encoder fused with the descriptor", async () => {
    const current = await currentEmbedder();
    expect(current.model).toMatch(/^fused:onnx:image-encoder\.onnx:[0-9a-f]{12}\+descriptor-v1$/);
    expect(current.dimensions).toBe(224 + descriptorEmbedder.dimensions);
    const [row] = rowsOf<{ images: number; vectors: number; others: number; dims: number }>(
      await api.handle.db.execute(sql`
        select (select count(distinct image)::int from products) as images,
               (select count(*)::int from image_embeddings where model = ${current.model}) as vectors,
               (select count(*)::int from image_embeddings where model <> ${current.model}) as others,
               (select min(array_length(embedding, 1))::int from image_embeddings) as dims`),
    );
    expect(row!.vectors).toBe(row!.images);
    expect(row!.others).toBe(0);
    expect(row!.dims).toBe(current.dimensions);
  });

  // An older learned encoder's fused vectors: a learned part of another length (noise here: the
  // projected query leaves it out), then the descriptor's vector.
  const random = mulberry32(19);
  const olderFused = (descriptor: Float32Array) => {
    const learned = Float32Array.from({ length: 96 }, () => random() - 0.5);
    const length = Math.hypot(...learned);
    const joined = new Float32Array(learned.length + descriptor.length);
    joined.set(learned.map((v) => v / length));
    joined.set(descriptor, learned.length);
    return joined;
  };
  it.each([
    { older: "the descriptor alone", model: descriptorEmbedder.id, stored: (descriptor: Float32Array) => descriptor },
    {
      older: "an older learned encoder fused with the descriptor",
      model: `fused:onnx:older-encoder.onnx:0123456789ab+${descriptorEmbedder.id}`,
      stored: olderFused,
    },
  ])(
    "while a new embedder's vectors are computed, searches use the older vectors ($older); the sync then replaces them",
    { timeout: 300_000 },
    async ({ model: olderModel, stored }) => {
      const db = api.handle.db;
      const current = await currentEmbedder();
      expect(current.previous).toBe(descriptorEmbedder.id);
      const images = rowsOf<{ image: string }>(await db.execute(sql`select distinct image from products order by image`)).map((r) => r.image);
      // the moment after an upgrade: every picture has the older embedder's vector, only a few the new embedder's
      // the pools' pictures come from the tests' embedding cache where an earlier test or run
      // computed them: this test is about which vectors a search uses and what the sync replaces
      const descriptorPool = cachingEmbedPool(createEmbedPool({ threads: 1, encoder: "descriptor" }));
      try {
        for (const image of images) {
          const { vector } = await descriptorPool.embed(await imageOf(image), { vector: true, keypoints: false });
          await saveEmbedding(db, image, olderModel, stored(vector!));
        }
      } finally {
        await descriptorPool.close();
      }
      const kept = images.slice(0, 5);
      await db.execute(
        sql`delete from image_embeddings where model = ${current.model} and image not in (${sql.join(
          kept.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );

      const pool = cachingEmbedPool(createEmbedPool({ threads: 1 }));
      const log: string[] = [];
      const search = new ImageSearch(db, pool, localMediaStore(api.mediaDir), (line) => log.push(line));
      try {
        const [product] = rowsOf<{ id: number; image: string }>(
          await db.execute(sql`select id, image from products where image = ${images[200]!} order by id limit 1`),
        );
        const photo = await sharp(await imageOf(product!.image))
          .resize(400)
          .jpeg({ quality: 70 })
          .toBuffer();
        // its picture has no vector from the new embedder yet, and it is still found first
        expect((await search.search(photo)).products[0]!.image).toBe(product!.image);

        const result = await search.sync();
        expect(result.embedded).toBe(images.length - kept.length);
        expect(result.failed).toEqual([]);
        expect(log[0]).toBe(
          `Image search: computing ${current.model} vectors, 0 of ${images.length - kept.length} pictures done; searches use the ${olderModel} vectors meanwhile.`,
        );
        const counts = rowsOf<{ model: string; n: number }>(await db.execute(sql`select model, count(*)::int as n from image_embeddings group by model`));
        expect(counts).toEqual([{ model: current.model, n: images.length }]);
        expect((await search.search(photo)).products[0]!.image).toBe(product!.image);
      } finally {
        await pool.close();
      }
    },
  );

  it("pgvector (where the database has it) and the in-process index return the same neighbours", async () => {
    const { model } = await currentEmbedder();
    const pgvector = await hasPgvector(api.handle.db);
    const chosen = await openVectorIndex(api.handle.db, model);
    // the app picks pgvector exactly when the column exists; PGlite has it, Debian's PostgreSQL 15 not
    expect(chosen.kind).toBe(pgvector ? "pgvector" : "memory");
    if (api.handle.kind === "pglite") expect(pgvector).toBe(true);

    const memory = memoryIndex(api.handle.db, model);
    const pool = createEmbedPool({ threads: 1 });
    try {
      for (const product of await someProducts(12)) {
        const {
          vectors: [query],
        } = await pool.embedQuery(
          await sharp(await imageOf(product.image))
            .resize(300)
            .jpeg({ quality: 50 })
            .toBuffer(),
        );
        const inMemory = await memory.nearest(query!, 10);
        expect(inMemory[0]!.image).toBe(product.image);
        expect(inMemory.map((n) => n.similarity)).toEqual([...inMemory.map((n) => n.similarity)].sort((x, y) => y - x));
        // asked for named pictures (the ones keypoints verify), each path gives the same similarity
        // as its nearest-neighbour answer, and nothing for a picture without a vector
        const named = [inMemory[3]!.image, inMemory[0]!.image, "/media/products/no-such-picture.webp"];
        const byName = (list: { image: string; similarity: number }[]) => new Map(list.map((n) => [n.image, n.similarity]));
        const memoryNamed = byName(await memory.similarities(query!, named));
        expect([...memoryNamed.keys()].sort()).toEqual(named.slice(0, 2).sort());
        expect(memoryNamed.get(inMemory[3]!.image)).toBeCloseTo(inMemory[3]!.similarity, 6);
        if (!pgvector) continue;
        const sqlIndex = pgvectorIndex(api.handle.db, model);
        const inSql = await sqlIndex.nearest(query!, 10);
        expect(inSql.map((n) => n.image)).toEqual(inMemory.map((n) => n.image));
        inSql.forEach((n, i) => expect(n.similarity).toBeCloseTo(inMemory[i]!.similarity, 4));
        const sqlNamed = byName(await sqlIndex.similarities(query!, named));
        expect([...sqlNamed.keys()].sort()).toEqual(named.slice(0, 2).sort());
        for (const [image, similarity] of memoryNamed) expect(sqlNamed.get(image)).toBeCloseTo(similarity, 4);
      }
    } finally {
      await pool.close();
    }
  });

  it("the in-process index sees a new vector after invalidate() and drops removed ones", async () => {
    const { model } = await currentEmbedder();
    const memory = memoryIndex(api.handle.db, model, 60_000);
    const [product] = await someProducts(1);
    const [stored] = rowsOf<{ embedding: number[] }>(await api.handle.db.execute(sql`select embedding from image_embeddings where image = ${product!.image}`));
    const probe = Float32Array.from(stored!.embedding);
    expect((await memory.nearest(probe, 1))[0]!.image).toBe(product!.image);
    const fake = "/media/products/test-only-copy.webp";
    await api.handle.db.execute(
      sql`insert into image_embeddings (image, model, embedding) select ${fake}, model, embedding from image_embeddings where image = ${product!.image}`,
    );
    try {
      // cached for 60 s: without invalidate() the copy is not seen yet
      const before = await memory.nearest(probe, 2);
      memory.invalidate();
      const after = await memory.nearest(probe, 2);
      expect(after.map((n) => n.image).sort()).toEqual([fake, product!.image].sort());
      expect(before.map((n) => n.image)).not.toContain(fake);
    } finally {
      await api.handle.db.execute(sql`delete from image_embeddings where image = ${fake}`);
    }
    memory.invalidate();
    expect((await memory.nearest(probe, 2)).map((n) => n.image)).not.toContain(fake);
  });
});

describe("keypoints of the catalogue's pictures", () => {
  it("every distinct product image has keypoints from the current extractor, and no others are kept", async () => {
    const [row] = rowsOf<{ images: number; current: number; others: number }>(
      await api.handle.db.execute(sql`
        select (select count(distinct image)::int from products) as images,
               (select count(*)::int from image_keypoints where extractor = ${KEYPOINT_EXTRACTOR}) as current,
               (select count(*)::int from image_keypoints where extractor <> ${KEYPOINT_EXTRACTOR}) as others`),
    );
    expect(row).toEqual({ images: row!.images, current: row!.images, others: 0 });
    const snapshot = (await keypointCatalogue(api.handle.db, KEYPOINT_EXTRACTOR).current())!;
    expect(snapshot.images).toHaveLength(row!.images);
    for (const keypoints of unpackKeypointRecords(snapshot.buffer)) {
      expect(keypoints.count).toBeGreaterThan(300);
      expect(keypoints.width).toBe(640);
    }
  });

  it("the loaded keypoints follow the table: a new picture's come in and a removed one's go, the others kept as they were", async () => {
    const db = api.handle.db;
    const catalogue = keypointCatalogue(db, KEYPOINT_EXTRACTOR, 60_000);
    const before = (await catalogue.current())!;
    const copied = "/media/products/test-only-keypoints-copy.webp";
    await db.execute(sql`
      insert into image_keypoints (image, extractor, keypoints)
      select ${copied}, extractor, keypoints from image_keypoints where image = ${before.images[0]!} and extractor = ${KEYPOINT_EXTRACTOR}`);
    try {
      // kept for 60 s unless this process says it wrote
      expect((await catalogue.current())!.images).not.toContain(copied);
      catalogue.invalidate();
      const after = (await catalogue.current())!;
      expect(after.images).toEqual([...before.images, copied].sort());
      const bytes = (snapshot: typeof before, image: string) => Array.from(unpackRecordBytes(snapshot.buffer)[snapshot.images.indexOf(image)]!);
      expect(bytes(after, copied)).toEqual(bytes(before, before.images[0]!));
      for (const image of before.images.slice(0, 20)) expect(bytes(after, image)).toEqual(bytes(before, image));
    } finally {
      await db.execute(sql`delete from image_keypoints where image = ${copied}`);
    }
    catalogue.invalidate();
    expect((await catalogue.current())!.images).toEqual(before.images);
  });

  it("a snapshot rebuilt after this process wrote has a version of its own, even where the table's count and newest time did not move", async () => {
    const db = api.handle.db;
    const catalogue = keypointCatalogue(db, KEYPOINT_EXTRACTOR, 60_000);
    const source = (await catalogue.current())!.images[0]!;
    const [first, second] = ["/media/products/test-only-keypoints-a.webp", "/media/products/test-only-keypoints-b.webp"];
    // written as by a transaction that began long ago: the table's newest time stays as it was
    const copy = (image: string) =>
      db.execute(sql`
        insert into image_keypoints (image, extractor, keypoints, updated_at)
        select ${image}, extractor, keypoints, '2001-01-01' from image_keypoints where image = ${source} and extractor = ${KEYPOINT_EXTRACTOR}`);
    try {
      await copy(first);
      catalogue.invalidate();
      const before = (await catalogue.current())!;
      await db.execute(sql`delete from image_keypoints where image = ${first}`);
      await copy(second);
      catalogue.invalidate();
      const after = (await catalogue.current())!;
      expect(after.images).toContain(second);
      expect(after.images).not.toContain(first);
      // the same version would let a worker keep its index of `before`, whose pictures sit elsewhere
      expect(after.version).not.toBe(before.version);
    } finally {
      await db.execute(sql`delete from image_keypoints where image in (${first}, ${second})`);
    }
  });

  it(
    "a new picture gets keypoints at the next sync and a photo of it lying on a desk finds it first; once no product shows it they go",
    { timeout: 180_000 },
    async () => {
      const db = api.handle.db;
      const media = localMediaStore(api.mediaDir);
      const [model] = await someProducts(1);
      // new artwork: the first product's picture mirrored (keypoints do not match across a mirror)
      const picture = await sharp(await imageOf(model!.image))
        .flop()
        .webp({ quality: 85 })
        .toBuffer();
      const key = `products/test-keypoints-${Date.now()}.webp`;
      const image = `/media/${key}`;
      await media.put(key, picture);
      const sku = `KP-${process.pid}-${Date.now() % 100_000}`;
      const [source] = rowsOf<{ category_id: number; category: string; brand_id: number; brand: string }>(
        await db.execute(sql`select category_id, category, brand_id, brand from products where id = ${model!.id}`),
      );
      await db.execute(sql`
        insert into products (name, slug, description, image, category_id, category, brand_id, brand, sku, price, original_price, stock_quantity)
        values (${`Mirrored part ${sku}`}, ${sku.toLowerCase()}, '', ${image}, ${source!.category_id}, ${source!.category}, ${source!.brand_id}, ${source!.brand}, ${sku}, 1000, 1000, 1)`);
      const pool = createEmbedPool({ threads: 1 });
      const search = new ImageSearch(db, pool, media);
      try {
        const photo = await PHOTO_ALTERATIONS["small on a cluttered desk, with shadow"]!(picture, 7);
        const synced = await search.sync();
        expect(synced).toMatchObject({ embedded: 1, keypoints: 1, failed: [] });
        expect(await picturesLacking(db, await search.model(), KEYPOINT_EXTRACTOR)).toEqual([]);
        const found = await search.search(photo);
        expect(found.products[0]!.sku).toBe(sku);
        // the keywords say what it was understood as: the verified picture's product first of all
        expect(found.keywords).toContain(source!.category);
      } finally {
        await db.execute(sql`delete from products where sku = ${sku}`);
        try {
          const cleaned = await search.sync();
          expect(cleaned.removed).toBe(2); // its vector and its keypoints
          const left = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from image_keypoints where image = ${image}`));
          expect(left[0]!.n).toBe(0);
        } finally {
          await pool.close();
        }
      }
    },
  );

  it("another extractor's keypoints go at the sync once the current one's are complete", async () => {
    const db = api.handle.db;
    const [product] = await someProducts(1);
    await saveKeypoints(
      db,
      product!.image,
      "orb-v0:older",
      new Uint8Array(
        encodeKeypoints({
          width: 1,
          height: 1,
          count: 0,
          x: new Float32Array(),
          y: new Float32Array(),
          angle: new Float32Array(),
          descriptors: new Uint32Array(),
        }),
      ),
    );
    const pool = createEmbedPool({ threads: 1 });
    try {
      const result = await new ImageSearch(db, pool, localMediaStore(api.mediaDir)).sync();
      expect(result).toMatchObject({ embedded: 0, keypoints: 0, removed: 1 });
      const others = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from image_keypoints where extractor <> ${KEYPOINT_EXTRACTOR}`));
      expect(others[0]!.n).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it("with keypoint matching switched off, search answers by the vectors alone and says so once in the log", { timeout: 120_000 }, async () => {
    const pool = createEmbedPool({ threads: 1, keypoints: false });
    const log: string[] = [];
    const search = new ImageSearch(api.handle.db, pool, localMediaStore(api.mediaDir), (line) => log.push(line));
    try {
      const [product] = await someProducts(1);
      const photo = await sharp(await imageOf(product!.image))
        .jpeg({ quality: 70 })
        .toBuffer();
      expect((await search.search(photo)).products[0]!.id).toBe(product!.id);
      expect((await search.search(photo)).products[0]!.id).toBe(product!.id);
      expect(log).toEqual([
        "Search by image: keypoint matching is switched off (IMAGE_KEYPOINTS=off); ranking by vectors alone, which finds fewer shoppers' photos.",
      ]);
      // nor does its sync compute or delete keypoints
      expect(await search.sync()).toMatchObject({ keypoints: 0, removed: 0 });
    } finally {
      await pool.close();
    }
  });
});
