import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "../../src/lib/site-settings";
import { securityEvents } from "../../src/server/db/schema";
import { adminCookie, setupApi, shopperCookie } from "./harness";

const api = setupApi();
let admin = "";
let shopper = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function post(body: unknown, cookie: string | null = admin) {
  const res = await api.app.inject({
    method: "POST",
    url: "/api/admin/settings",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

let original: SiteSettings;

beforeAll(async () => {
  original = await api.services.settings.get();
  admin = await adminCookie(api, "settings");
  shopper = await shopperCookie(api, "settings");
});
// the suite's other files find the settings as they were
afterAll(async () => {
  await api.services.settings.save(original);
});

describe("POST /api/admin/settings", () => {
  it("answers a guest 401 and a shopper 403", async () => {
    expect((await post({ key: "companyName", value: "X" }, null)).status).toBe(401);
    expect((await post({ key: "companyName", value: "X" }, shopper)).status).toBe(403);
  });

  it("names the setting a bad value is for, by its path, and saves nothing of the request", async () => {
    const before = (await api.services.settings.get()).companyName;
    const res = await post({ settings: { companyName: "Changed", colors: { primary: "red", secondary: "#000000", accent: "#ffffff" } } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid-input", field: "colors.primary" });
    expect(res.body.error).toMatch(/^Invalid settings: colors\.primary: /);
    expect(res.body.problems).toEqual([expect.objectContaining({ path: "colors.primary", problem: "format" })]);
    expect((await api.services.settings.get()).companyName).toBe(before);

    const short = await post({ key: "cardRadius", value: 99 });
    expect(short.status).toBe(400);
    expect(short.body.problems[0]).toMatchObject({ path: "cardRadius", problem: "tooBig", limit: 32 });
    expect((await post({ reset: ["notASetting"] })).status).toBe(400);
    expect((await post({ settings: { unknownKey: 1 } })).status).toBe(400);
  });

  it("saves a partial change without touching settings that have defaults, and logs who changed what, before and after", async () => {
    await post({ settings: { loyalty: { ...DEFAULT_SITE_SETTINGS.loyalty, coinValue: 25 } } });
    const res = await post({ settings: { companyName: "Duka la Kilima", cardRadius: 4 } });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({ companyName: "Duka la Kilima", cardRadius: 4, loyalty: { coinValue: 25 } });

    const [event] = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-settings-changed")))
      .orderBy(desc(securityEvents.id))
      .limit(1);
    expect(event!.detail).toMatchObject({
      keys: ["companyName", "cardRadius"],
      before: { companyName: DEFAULT_SITE_SETTINGS.companyName, cardRadius: DEFAULT_SITE_SETTINGS.cardRadius },
      after: { companyName: "Duka la Kilima", cardRadius: 4 },
    });
    expect((event!.detail as Json).by).toMatch(/^settings-admin-/);
  });

  it("resets one, several or all settings to their defaults", async () => {
    await post({ settings: { companyName: "Changed", cardRadius: 2, cardSpacing: 3 } });
    let res = await post({ reset: ["companyName"] });
    expect(res.body.settings).toMatchObject({ companyName: DEFAULT_SITE_SETTINGS.companyName, cardRadius: 2, cardSpacing: 3 });
    res = await post({ reset: ["cardRadius", "cardSpacing"] });
    expect(res.body.settings).toMatchObject({ cardRadius: DEFAULT_SITE_SETTINGS.cardRadius, cardSpacing: DEFAULT_SITE_SETTINGS.cardSpacing });
    await post({ settings: { cardRadius: 2 } });
    res = await post({ reset: true });
    expect(res.body.settings).toEqual(DEFAULT_SITE_SETTINGS);
  });
});
