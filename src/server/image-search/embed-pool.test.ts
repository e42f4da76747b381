import { afterAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { ImageRejectedError } from "./decode";
import { descriptorEmbedder } from "./descriptor-embedder";
import { EmbedPoolBusyError, createEmbedPool } from "./embed-pool";
import { KEYPOINT_EXTRACTOR } from "./keypoint-extractor";

const pool = createEmbedPool({ threads: 1, maxWaiting: 2, encoder: "descriptor" });
afterAll(() => pool.close());

const photo = (colour: string) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe("the embedding worker pool", () => {
  it("embeds in a worker exactly as the embedder does in this thread", async () => {
    const image = await photo("#1565c0");
    expect(await pool.info()).toEqual({ model: descriptorEmbedder.id, dimensions: descriptorEmbedder.dimensions, keypoints: KEYPOINT_EXTRACTOR });
    const { vector: inWorker } = await pool.embed(image);
    const here = await descriptorEmbedder.embed(image);
    expect(Array.from(inWorker!)).toEqual(Array.from(here));
  });

  it("passes a refusal back as ImageRejectedError with its code", async () => {
    const error = await pool.embed(Buffer.from("not a picture at all")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).code).toBe("image-damaged");
  });

  it("turns work away as busy once the queue is full, and still finishes what it took", async () => {
    const image = await photo("#c62828");
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => pool.embed(image)));
    const busy = outcomes.filter((o) => o.status === "rejected" && o.reason instanceof EmbedPoolBusyError);
    const done = outcomes.filter((o) => o.status === "fulfilled");
    expect(busy.length).toBeGreaterThan(0);
    expect(done.length).toBeGreaterThanOrEqual(3); // one running and two waiting at the least
    expect(busy.length + done.length).toBe(8);
  });
});

describe("the order photos are embedded in", () => {
  it("is first come, first served, while more keep coming", async () => {
    const single = createEmbedPool({ threads: 1, encoder: "descriptor", keypoints: false });
    try {
      const image = await photo("#6a1b9a");
      await single.embed(image); // the worker is up
      const finished: number[] = [];
      let submitted = 0;
      // four shoppers, each sending its next photo as soon as the last is answered
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = 0; i < 8; i++) {
            const mine = submitted++;
            await single.embedQuery(image);
            finished.push(mine);
          }
        }),
      );
      expect(finished).toEqual([...finished].sort((a, b) => a - b));
    } finally {
      await single.close();
    }
  });
});

describe("closing the embedding worker pool", () => {
  it("lets the photos under way and waiting finish", async () => {
    const closing = createEmbedPool({ threads: 1, maxWaiting: 4, encoder: "descriptor" });
    const image = await photo("#2e7d32");
    const expected = Array.from(await descriptorEmbedder.embed(image));
    const underWay = Array.from({ length: 3 }, () => closing.embed(image));
    await closing.close();
    for (const { vector } of await Promise.all(underWay)) expect(Array.from(vector!)).toEqual(expected);
  });
});
