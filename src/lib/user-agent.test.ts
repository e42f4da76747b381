import { describe, expect, it } from "vitest";
import { browserAndSystem } from "./user-agent";

const UA = {
  chromeLinux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  samsung: "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  operaAndroid: "Mozilla/5.0 (Linux; Android 11; TECNO KG5k) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 OPR/79.0",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  chromebook: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

describe("browserAndSystem", () => {
  it("names the browser and the system of common browsers", () => {
    expect(browserAndSystem(UA.chromeLinux)).toEqual({ browser: "Chrome", system: "Linux" });
    expect(browserAndSystem(UA.edgeWindows)).toEqual({ browser: "Microsoft Edge", system: "Windows" });
    expect(browserAndSystem(UA.safariIphone)).toEqual({ browser: "Safari", system: "iOS" });
    expect(browserAndSystem(UA.chromeAndroid)).toEqual({ browser: "Chrome", system: "Android" });
    expect(browserAndSystem(UA.samsung)).toEqual({ browser: "Samsung Internet", system: "Android" });
    expect(browserAndSystem(UA.operaAndroid)).toEqual({ browser: "Opera", system: "Android" });
    expect(browserAndSystem(UA.firefoxMac)).toEqual({ browser: "Firefox", system: "macOS" });
    expect(browserAndSystem(UA.safariMac)).toEqual({ browser: "Safari", system: "macOS" });
    expect(browserAndSystem(UA.chromebook)).toEqual({ browser: "Chrome", system: "Chrome OS" });
  });

  it("says nothing it does not know: no string, a script's name, or only one of the two", () => {
    expect(browserAndSystem(null)).toEqual({ browser: null, system: null });
    expect(browserAndSystem("   ")).toEqual({ browser: null, system: null });
    expect(browserAndSystem("curl/8.5.0")).toEqual({ browser: null, system: null });
    expect(browserAndSystem("Opera/9.80 (J2ME/MIDP; Opera Mini/4.2.14912/870; U; id) Presto/2.4.15")).toMatchObject({ system: null });
  });
});
