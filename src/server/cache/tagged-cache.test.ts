import { describe, expect, it } from "vitest";
import { createTaggedCache, invalidateTags, onInvalidate, onLocalInvalidate, receiveInvalidation } from "./tagged-cache";
import { createPageCache } from "./page-cache";

describe("the tagged cache", () => {
  it("computes once, then answers from memory until one of the value's tags is invalidated", async () => {
    const cache = createTaggedCache({ max: 10, ttlMs: 60_000 });
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.get("k", ["catalog"], compute)).toBe(1);
    expect(await cache.get("k", ["catalog"], compute)).toBe(1);
    invalidateTags("settings");
    expect(await cache.get("k", ["catalog"], compute)).toBe(1);
    invalidateTags("catalog");
    expect(await cache.get("k", ["catalog"], compute)).toBe(2);
    receiveInvalidation(["catalog"]);
    expect(await cache.get("k", ["catalog"], compute)).toBe(3);
  });

  it("shares one computation among concurrent misses, and does not keep a value computed across an invalidation", async () => {
    const cache = createTaggedCache({ max: 10, ttlMs: 60_000 });
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      runs++;
      await gate;
      return runs;
    };
    const a = cache.get("k", ["catalog"], slow);
    const b = cache.get("k", ["catalog"], slow);
    invalidateTags("catalog"); // a write lands while the old rows are being read
    release();
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    expect(runs).toBe(1);
    expect(cache.size()).toBe(0);
    expect(await cache.get("k", ["catalog"], async () => 42)).toBe(42);
    expect(cache.size()).toBe(1);
  });

  it("keeps no failure", async () => {
    const cache = createTaggedCache({ max: 10, ttlMs: 60_000 });
    await expect(cache.get("k", ["ads"], () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", ["ads"], async () => "up")).toBe("up");
  });

  it("tells listeners of every invalidation and broadcasters of this process's own only", () => {
    const heard: string[] = [];
    const sent: string[] = [];
    const stopListening = onInvalidate((tags) => heard.push(tags.join()));
    const stopSending = onLocalInvalidate((tags) => sent.push(tags.join()));
    invalidateTags("ads", "settings");
    receiveInvalidation(["catalog"]);
    stopListening();
    stopSending();
    invalidateTags("catalog");
    expect(heard).toEqual(["ads,settings", "catalog"]);
    expect(sent).toEqual(["ads,settings"]);
  });
});

describe("the page cache", () => {
  const page = (body: string) => ({ status: 200, headers: [] as [string, string][], body, nonce: "n" });

  it("drops every page on any write to what pages show, and keeps none rendered across one", () => {
    const cache = createPageCache({ maxChars: 1_000_000, ttlMs: 60_000 });
    expect(cache.set("a", page("A"), cache.stamp())).toBe(true);
    expect(cache.get("a")?.body).toBe("A");
    invalidateTags("settings");
    expect(cache.get("a")).toBeUndefined();
    const before = cache.stamp();
    invalidateTags("ads");
    expect(cache.set("b", page("B"), before)).toBe(false);
    expect(cache.get("b")).toBeUndefined();
  });

  it("keeps within its memory bound", () => {
    const cache = createPageCache({ maxChars: 800, ttlMs: 60_000 });
    for (let i = 0; i < 20; i++) cache.set(`p${i}`, page("x".repeat(100)), cache.stamp());
    expect(cache.size()).toBeLessThanOrEqual(8);
    expect(cache.set("big", page("x".repeat(101)), cache.stamp())).toBe(false);
  });
});
