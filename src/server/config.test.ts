import { describe, expect, it } from "vitest";
import { loadConfig, siteUrl } from "./config";

describe("configuration", () => {
  it("uses SITE_URL for absolute links, else localhost on the port", () => {
    expect(siteUrl({ SITE_URL: "https://shop.example.co.tz" }).href).toBe("https://shop.example.co.tz/");
    expect(siteUrl({ PORT: "4000" }).href).toBe("http://localhost:4000/");
    expect(siteUrl({ SITE_URL: "" }).href).toBe("http://localhost:3000/");
  });

  it("refuses a SITE_URL that is not an http(s) address, naming it", () => {
    expect(() => loadConfig({ SITE_URL: "shop.example" })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ SITE_URL: "ftp://shop.example" })).toThrow(/SITE_URL/);
  });

  it("matches keypoints in search by image unless IMAGE_KEYPOINTS=off, and refuses other values, naming it", () => {
    expect(loadConfig({}).IMAGE_KEYPOINTS).toBe("on");
    expect(loadConfig({ IMAGE_KEYPOINTS: "off" }).IMAGE_KEYPOINTS).toBe("off");
    expect(() => loadConfig({ IMAGE_KEYPOINTS: "no" })).toThrow(/IMAGE_KEYPOINTS/);
  });

  it("seeds the demo data unless DEMO_DATA=off, and refuses other values, naming it", () => {
    expect(loadConfig({}).DEMO_DATA).toBe("on");
    expect(loadConfig({ DEMO_DATA: "off" }).DEMO_DATA).toBe("off");
    expect(() => loadConfig({ DEMO_DATA: "no" })).toThrow(/DEMO_DATA/);
  });
});
