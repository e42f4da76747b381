import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { setupApi } from "./harness";

const api = setupApi();
const CHROME_IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

describe("product images: AVIF where the browser takes it, WebP otherwise, one address", () => {
  it("answers WebP to a browser without AVIF, AVIF (once its twin is made) to one with it, varying on Accept", { timeout: 60_000 }, async () => {
    const file = (await fs.readdir(`${api.mediaDir}/products`)).find((f) => f.endsWith(".webp"))!;
    const url = `/media/products/${file}`;

    const plain = await api.app.inject({ method: "GET", url, headers: { accept: "image/webp,*/*" } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("image/webp");
    expect(String(plain.headers.vary)).toMatch(/accept/i);

    // the first AVIF-taking request may get the WebP while the twin is made in the background
    let avif = await api.app.inject({ method: "GET", url, headers: { accept: CHROME_IMAGE_ACCEPT } });
    for (let i = 0; i < 100 && avif.headers["content-type"] !== "image/avif"; i++) {
      expect(avif.statusCode).toBe(200);
      expect(avif.headers["content-type"]).toBe("image/webp");
      await new Promise((r) => setTimeout(r, 250));
      avif = await api.app.inject({ method: "GET", url, headers: { accept: CHROME_IMAGE_ACCEPT } });
    }
    expect(avif.statusCode).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect(String(avif.headers.vary)).toMatch(/accept/i);
    expect(avif.headers["cache-control"]).toContain("immutable");
    expect(avif.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    // a browser without AVIF still gets the WebP
    const again = await api.app.inject({ method: "GET", url, headers: { accept: "image/webp,*/*" } });
    expect(again.headers["content-type"]).toBe("image/webp");
  });
});
