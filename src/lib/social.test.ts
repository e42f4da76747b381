import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "./site-settings";
import { configuredSocialLinks, isSocialNetwork, socialProfileUrl } from "./social";

const links = (over: Partial<typeof DEFAULT_SITE_SETTINGS.socialLinks>) => ({ ...DEFAULT_SITE_SETTINGS.socialLinks, ...over });

describe("social profile links", () => {
  it("treats the default /social/ paths as no profile", () => {
    expect(configuredSocialLinks(DEFAULT_SITE_SETTINGS.socialLinks)).toEqual([]);
    expect(socialProfileUrl(DEFAULT_SITE_SETTINGS.socialLinks, "facebook")).toBeNull();
  });

  it("accepts an absolute http(s) address", () => {
    expect(socialProfileUrl(links({ instagram: " https://www.instagram.com/kilima.tz " }), "instagram")).toBe("https://www.instagram.com/kilima.tz");
    expect(configuredSocialLinks(links({ youtube: "https://youtube.com/@kilima", facebook: "https://facebook.com/kilima" }))).toEqual([
      { network: "facebook", url: "https://facebook.com/kilima" },
      { network: "youtube", url: "https://youtube.com/@kilima" },
    ]);
  });

  it("refuses anything that is not a plain web address", () => {
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example",
      "/social/facebook",
      "ftp://host.tz/x",
      "https://user:pw@facebook.com/x",
      "https://localhost/x",
      "https://",
      "",
    ])
      expect(socialProfileUrl(links({ facebook: bad }), "facebook"), bad).toBeNull();
  });

  it("knows the five networks only", () => {
    expect(isSocialNetwork("linkedin")).toBe(true);
    expect(isSocialNetwork("tiktok")).toBe(false);
    expect(isSocialNetwork("__proto__")).toBe(false);
  });
});
