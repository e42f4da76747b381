import { describe, expect, it } from "vitest";
import { serviceWorkerUrl, webAppShortName } from "./web-app";

describe("web app", () => {
  it("shortens a long shop name to its first word for the launcher", () => {
    expect(webAppShortName("Kilima Electronics")).toBe("Kilima");
    expect(webAppShortName("Kilima")).toBe("Kilima");
    expect(webAppShortName(" Duka la Umeme ")).toBe("Duka");
    expect(webAppShortName("Supercalifragilistic Ltd")).toBe("Supercalifra");
  });

  it("names the offline page's language in the worker's address, one of the shop's two", () => {
    expect(serviceWorkerUrl("sw")).toBe("/sw.js?lang=sw");
    expect(serviceWorkerUrl("en")).toBe("/sw.js?lang=en");
    expect(serviceWorkerUrl('x"><script>')).toBe("/sw.js?lang=en");
  });
});
