import { describe, expect, it, beforeAll } from "vitest";
import { adminCookie, apiClient, setupApi } from "./harness";

// a copy of the demo shop of this file's own: it changes the shop's WhatsApp number freely
const api = setupApi({ pristine: true });
let admin = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);
const post = (body: unknown) => call("POST", "/api/admin/settings", admin, body);
const publicSettings = async () => ((await api.app.inject({ method: "GET", url: "/api/admin/settings" })).json() as Json).settings;

beforeAll(async () => {
  admin = await adminCookie(api, "whatsapp-number");
});

describe("the shop's WhatsApp number (whatsappNumber)", () => {
  it("is the demo shop's contact phone, a mobile number, so the Order on WhatsApp button shows on the demo", async () => {
    expect((await api.services.settings.get()).whatsappNumber).toBe("+255754000000");
    expect((await publicSettings()).whatsappNumber).toBe("+255754000000");
  });

  it("is saved as typed, in E.164, and read by the storefront", async () => {
    const res = await post({ key: "whatsappNumber", value: "0713 000 111" });
    expect(res.status).toBe(200);
    expect(res.body.settings.whatsappNumber).toBe("+255713000111");
    expect((await api.services.settings.get()).whatsappNumber).toBe("+255713000111");
    expect((await publicSettings()).whatsappNumber).toBe("+255713000111");

    const several = await post({ settings: { whatsappNumber: "255 754 123 456", contactPhone: "+255 22 211 0000" } });
    expect(several.status).toBe(200);
    expect(several.body.settings.whatsappNumber).toBe("+255754123456");
  });

  it.each([
    ["a landline", "022 211 0000"],
    ["a Kenyan mobile number", "+254 712 345 678"],
    ["words", "WhatsApp us"],
  ])("refuses %s with a 400 naming the field, and saves nothing of the request", async (_, value) => {
    const before = await api.services.settings.get();
    const res = await post({ settings: { whatsappNumber: value, companyName: "Changed" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid-input", field: "whatsappNumber" });
    expect(res.body.error).toMatch(/^Invalid settings: whatsappNumber: /);
    expect(res.body.problems).toEqual([expect.objectContaining({ path: "whatsappNumber", problem: "mobile" })]);
    const after = await api.services.settings.get();
    expect(after.whatsappNumber).toBe(before.whatsappNumber);
    expect(after.companyName).toBe(before.companyName);
  });

  it("takes an empty number (no button) and a reset back to the default, which has none", async () => {
    expect((await post({ key: "whatsappNumber", value: "+255754000000" })).status).toBe(200);
    const cleared = await post({ key: "whatsappNumber", value: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.settings.whatsappNumber).toBe("");
    expect((await publicSettings()).whatsappNumber).toBe("");

    await post({ key: "whatsappNumber", value: "0754 000 000" });
    const reset = await post({ reset: ["whatsappNumber"] });
    expect(reset.body.settings.whatsappNumber).toBe("");
  });
});
