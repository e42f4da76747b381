import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, fitWithin, imageFileProblem, imageSearchHttpError, needsDownscale } from "./image-upload";

describe("imageFileProblem: an image type, at most 10 MB", () => {
  it("takes any image type up to 10 MB", () => {
    expect(imageFileProblem({ type: "image/jpeg", size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: "image/webp", size: IMAGE_MAX_BYTES })).toBeNull();
    expect(imageFileProblem({ type: "IMAGE/PNG", size: 1 })).toBeNull();
  });

  it("refuses what is not an image, before looking at the size", () => {
    expect(imageFileProblem({ type: "text/plain", size: 10 })).toBe("notAnImage");
    expect(imageFileProblem({ type: "application/pdf", size: IMAGE_MAX_BYTES + 1 })).toBe("notAnImage");
  });

  it("refuses an image over 10 MB", () => {
    expect(imageFileProblem({ type: "image/jpeg", size: IMAGE_MAX_BYTES + 1 })).toBe("tooLarge");
    expect(imageFileProblem({ type: "image/jpeg", size: 11 * 1024 * 1024 })).toBe("tooLarge");
  });

  it("judges by the name only when the browser gives no type", () => {
    expect(imageFileProblem({ type: "", size: 10, name: "IMG_0001.HEIC" })).toBeNull();
    expect(imageFileProblem({ type: "", size: 10, name: "notes.txt" })).toBe("notAnImage");
    expect(imageFileProblem({ type: "", size: 10 })).toBe("notAnImage");
    expect(imageFileProblem({ type: "text/plain", size: 10, name: "photo.jpg" })).toBe("notAnImage");
  });
});

describe("fitWithin and needsDownscale", () => {
  it("scales the longest side down to 1024 and keeps the shape", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 768, height: 1024 });
    expect(fitWithin(5000, 2)).toEqual({ width: 1024, height: 1 });
  });

  it("never enlarges", () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1024, 1024)).toEqual({ width: 1024, height: 1024 });
  });

  it("leaves a small file alone", () => {
    expect(needsDownscale(1024, 768, 300 * 1024)).toBe(false);
    expect(needsDownscale(1025, 768, 50 * 1024)).toBe(true);
    expect(needsDownscale(800, 600, 300 * 1024 + 1)).toBe(true);
  });
});

describe("imageSearchHttpError: the server's words, else HTTP status", () => {
  it("shows the server's error text when the body has one", () => {
    expect(imageSearchHttpError(429, { error: "Too many image searches" })).toBe("Too many image searches");
    expect(imageSearchHttpError(413, { error: "Image file too large (max 10MB)" })).toBe("Image file too large (max 10MB)");
  });

  it("falls back to HTTP and the status", () => {
    expect(imageSearchHttpError(500, null)).toBe("HTTP 500");
    expect(imageSearchHttpError(502, "Bad gateway")).toBe("HTTP 502");
    expect(imageSearchHttpError(500, { error: "" })).toBe("HTTP 500");
    expect(imageSearchHttpError(500, { error: { code: 1 } })).toBe("HTTP 500");
    expect(imageSearchHttpError(503, { message: "down" })).toBe("HTTP 503");
  });
});
