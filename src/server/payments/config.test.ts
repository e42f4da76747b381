import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

describe("ClickPesa's configuration", () => {
  it("is all three keys or none: half a configuration stops the start instead of falling back to the sandbox", () => {
    expect(loadConfig({}).CLICKPESA_CLIENT_ID).toBeUndefined();
    expect(loadConfig({}).CLICKPESA_BASE_URL).toBe("https://api.clickpesa.com/third-parties");
    const full = loadConfig({ CLICKPESA_CLIENT_ID: "id", CLICKPESA_API_KEY: "key", CLICKPESA_CHECKSUM_KEY: "sum", CLICKPESA_BASE_URL: "http://127.0.0.1:9/x" });
    expect(full).toMatchObject({
      CLICKPESA_CLIENT_ID: "id",
      CLICKPESA_API_KEY: "key",
      CLICKPESA_CHECKSUM_KEY: "sum",
      CLICKPESA_BASE_URL: "http://127.0.0.1:9/x",
    });
    expect(() => loadConfig({ CLICKPESA_CLIENT_ID: "id", CLICKPESA_API_KEY: "key" })).toThrow(/CLICKPESA_CHECKSUM_KEY/);
    expect(() => loadConfig({ CLICKPESA_BASE_URL: "ftp://x" })).toThrow(/CLICKPESA_BASE_URL/);
    expect(loadConfig({ CLICKPESA_CLIENT_ID: " ", CLICKPESA_API_KEY: "", CLICKPESA_CHECKSUM_KEY: "" }).CLICKPESA_CLIENT_ID).toBeUndefined();
  });
});
