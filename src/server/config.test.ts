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

  it("holds text messages from 21:00 to 07:00 unless SMS_QUIET_HOURS says otherwise, and refuses what it cannot read, naming it", () => {
    expect(loadConfig({}).SMS_QUIET_HOURS).toEqual({ start: 21, end: 7 });
    expect(loadConfig({ SMS_QUIET_HOURS: "22-6" }).SMS_QUIET_HOURS).toEqual({ start: 22, end: 6 });
    expect(loadConfig({ SMS_QUIET_HOURS: "off" }).SMS_QUIET_HOURS).toBeNull();
    expect(() => loadConfig({ SMS_QUIET_HOURS: "nights" })).toThrow(/SMS_QUIET_HOURS/);
  });

  it("seeds the demo data unless DEMO_DATA=off, and refuses other values, naming it", () => {
    expect(loadConfig({}).DEMO_DATA).toBe("on");
    expect(loadConfig({ DEMO_DATA: "off" }).DEMO_DATA).toBe("off");
    expect(() => loadConfig({ DEMO_DATA: "no" })).toThrow(/DEMO_DATA/);
  });

  it("takes a messaging provider with all its keys or none, and only with an https SITE_URL", () => {
    const at = { AT_USERNAME: "kilima", AT_API_KEY: "key", AT_SENDER_ID: "KILIMA" };
    const wa = { WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1234567890", WHATSAPP_APP_SECRET: "s", WHATSAPP_VERIFY_TOKEN: "v" };
    expect(() => loadConfig({ AT_USERNAME: "kilima", AT_API_KEY: "key" })).toThrow(/Africa's Talking needs all of .*missing AT_SENDER_ID/);
    expect(() => loadConfig({ WHATSAPP_TOKEN: "t" })).toThrow(/WhatsApp needs all of/);
    expect(() => loadConfig(at)).toThrow(/https SITE_URL/);
    expect(() => loadConfig({ ...wa, SITE_URL: "http://shop.example" })).toThrow(/https SITE_URL/);
    expect(loadConfig({ ...at, ...wa, SITE_URL: "https://shop.example.co.tz" }).AT_SENDER_ID).toBe("KILIMA");
    expect(() => loadConfig({ ...at, AT_SENDER_ID: "A sender that is too long", SITE_URL: "https://shop.example.co.tz" })).toThrow(/AT_SENDER_ID/);
    expect(() => loadConfig({ ...wa, WHATSAPP_PHONE_NUMBER_ID: "+255 712", SITE_URL: "https://shop.example.co.tz" })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    // nothing set: the sandboxes, at any address
    expect(loadConfig({}).AT_USERNAME).toBeUndefined();
  });
});
