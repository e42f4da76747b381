import { describe, expect, it } from "vitest";
import { prefetchAllowed, shouldPrefetchPage, shouldPrefetchWhenIdle } from "./prefetch-budget";

describe("prefetch budget", () => {
  it("allows prefetching when the browser tells nothing about the connection", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed(null)).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
  });

  it("allows it on a fast connection", () => {
    expect(prefetchAllowed({ effectiveType: "4g", saveData: false })).toBe(true);
  });

  it("never prefetches when the shopper asks to save data, whatever the connection", () => {
    expect(prefetchAllowed({ saveData: true })).toBe(false);
    expect(prefetchAllowed({ saveData: true, effectiveType: "4g" })).toBe(false);
  });

  it.each(["slow-2g", "2g", "3g", "3G"])("never prefetches on %s", (effectiveType) => {
    expect(prefetchAllowed({ effectiveType })).toBe(false);
    expect(shouldPrefetchPage("hover", { effectiveType })).toBe(false);
    expect(shouldPrefetchPage("touch", { effectiveType })).toBe(false);
    expect(shouldPrefetchWhenIdle({ effectiveType })).toBe(false);
  });

  it("prefetches a page on hover, touch or focus on a good connection", () => {
    for (const reason of ["hover", "touch", "focus"] as const) expect(shouldPrefetchPage(reason, { effectiveType: "4g" })).toBe(true);
  });

  it("does not prefetch a page because its card came near the screen, nor on idle", () => {
    expect(shouldPrefetchPage("viewport", { effectiveType: "4g" })).toBe(false);
    expect(shouldPrefetchPage("viewport", undefined)).toBe(false);
    expect(shouldPrefetchPage("idle", undefined)).toBe(false);
  });

  it("fetches likely code while idle only where prefetching is allowed", () => {
    expect(shouldPrefetchWhenIdle({ effectiveType: "4g" })).toBe(true);
    expect(shouldPrefetchWhenIdle({ effectiveType: "4g", saveData: true })).toBe(false);
  });
});
