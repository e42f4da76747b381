import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_IN_MODEL, createEmbedder } from "./create-embedder";
import { descriptorEmbedder } from "./descriptor-embedder";

describe("createEmbedder", () => {
  it("runs the built-in learned encoder fused with the descriptor by default", async () => {
    const { embedder, fallback } = await createEmbedder();
    expect(fallback).toBeUndefined();
    expect(embedder.id).toMatch(/^fused:onnx:image-encoder\.onnx:[0-9a-f]{12}\+descriptor-v1$/);
    expect(embedder.dimensions).toBe(224 + descriptorEmbedder.dimensions);
    expect(embedder.previous?.id).toBe(descriptorEmbedder.id);
  });

  it("falls back to the descriptor, saying why and how to mend it, when the model file is missing", async () => {
    const missing = path.resolve("no-such-folder", path.basename(BUILT_IN_MODEL));
    const { embedder, fallback } = await createEmbedder({ builtInModelPath: missing });
    expect(embedder).toBe(descriptorEmbedder);
    expect(fallback).toBe(
      `Search by image: the learned image encoder is not available (${missing} is missing: run npm run image-encoder); using the built-in descriptor alone, which finds the shop's own pictures but few shoppers' photos.`,
    );
  });

  it("runs the descriptor alone when asked to, without a word", async () => {
    expect(await createEmbedder({ encoder: "descriptor" })).toEqual({ embedder: descriptorEmbedder });
  });
});
