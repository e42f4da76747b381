import { describe, expect, it } from "vitest";
import { cacheKey, hashString } from "./cache-key";

describe("cacheKey", () => {
  it("is independent of parameter order and drops empty values", () => {
    const a = cacheKey("products", { search: "esp32", limit: 20, category: "" });
    const b = cacheKey("products", { limit: 20, category: undefined, search: "esp32" });
    expect(a).toBe("products?limit=20&search=esp32");
    expect(b).toBe(a);
  });
  it("joins lists with commas and returns the base alone without parameters", () => {
    expect(cacheKey("products", { categories: ["sensors", "displays"] })).toBe("products?categories=sensors%2Cdisplays");
    expect(cacheKey("categories")).toBe("categories");
  });
  it("hashes keys longer than 200 characters, stably and distinctly", () => {
    const long = cacheKey("products", { search: "x".repeat(300) });
    expect(long).toMatch(/^products#[0-9a-z]+$/);
    expect(long.length).toBeLessThan(40);
    expect(cacheKey("products", { search: "x".repeat(300) })).toBe(long);
    expect(cacheKey("products", { search: "y".repeat(300) })).not.toBe(long);
  });
});

describe("hashString", () => {
  it("differs for different inputs", () => {
    expect(hashString("a")).not.toBe(hashString("b"));
  });
});
