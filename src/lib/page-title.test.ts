import { describe, expect, it } from "vitest";
import { pageTitle, titleTemplate } from "./page-title";

describe("page titles", () => {
  it("follow the page's title with the shop's name", () => {
    expect(titleTemplate("Kilima Electronics")).toBe("%s · Kilima Electronics");
    expect(pageTitle("“esp32” — products", "Kilima Electronics")).toBe("“esp32” — products · Kilima Electronics");
  });

  it("keep a title's own dollar signs and percent signs as typed", () => {
    expect(pageTitle("“$& 50%s”", "Shop")).toBe("“$& 50%s” · Shop");
  });
});
