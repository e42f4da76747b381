import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "../../src/lib/site-settings";
import { securityEvents } from "../../src/server/db/schema";
import { adminCookie, apiClient, setupApi, shopperCookie } from "./harness";

const api = setupApi();
let admin = "";
let shopper = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);
/** Saves settings (the admin's cookie unless another is given). */
const post = (body: unknown, cookie: string | null = admin) => call("POST", "/api/admin/settings", cookie, body);

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

describe("texts a shopper reads, per language", () => {
  const get = async (url = "/api/admin/settings") => (await api.app.inject({ method: "GET", url })).json() as Json;

  it("takes {en, sw} and answers it, on the same paths, to the admin and in the public settings", async () => {
    const headline = { en: "Parts for makers", sw: "Vipuri kwa wabunifu" };
    const res = await post({
      settings: {
        mainHeadline: headline,
        delivery: {
          ...DEFAULT_SITE_SETTINGS.delivery,
          parcel: { ...DEFAULT_SITE_SETTINGS.delivery.parcel, departure: { en: "Ubungo bus stand", sw: "Stendi ya Ubungo" } },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.mainHeadline).toEqual(headline);
    const shown = await get();
    expect(shown.settings.mainHeadline).toEqual(headline);
    expect(shown.settings.delivery.parcel.departure).toEqual({ en: "Ubungo bus stand", sw: "Stendi ya Ubungo" });
    expect(shown.settings.companyTagline).toEqual(DEFAULT_SITE_SETTINGS.companyTagline);
  });

  it("takes a plain string for both languages (one setting or several), and logs the pair", async () => {
    const one = await post({ key: "companyTagline", value: "Parts for every project" });
    expect(one.status).toBe(200);
    expect(one.body.settings.companyTagline).toEqual({ en: "Parts for every project", sw: "Parts for every project" });
    const several = await post({ settings: { address: "Kariakoo, Dar es Salaam", seo: { title: "Kilima", description: "Parts", keywords: [] } } });
    expect(several.body.settings).toMatchObject({
      address: { en: "Kariakoo, Dar es Salaam", sw: "Kariakoo, Dar es Salaam" },
      seo: { title: { en: "Kilima", sw: "Kilima" }, description: { en: "Parts", sw: "Parts" } },
    });
    expect((await get()).settings.address).toEqual({ en: "Kariakoo, Dar es Salaam", sw: "Kariakoo, Dar es Salaam" });
    const [event] = await api.handle.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, "admin-settings-changed"))
      .orderBy(desc(securityEvents.id))
      .limit(1);
    expect((event!.detail as Json).after.address).toEqual({ en: "Kariakoo, Dar es Salaam", sw: "Kariakoo, Dar es Salaam" });
  });

  it("names a missing or too long language by its path, and saves nothing", async () => {
    const before = (await api.services.settings.get()).mainHeadline;
    const missing = await post({ settings: { mainHeadline: { en: "Only English" } } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "invalid-input", field: "mainHeadline.sw" });
    const long = await post({ key: "companyTagline", value: { en: "ok", sw: "x".repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.problems).toEqual([expect.objectContaining({ path: "companyTagline.sw", problem: "tooLong", limit: 200 })]);
    expect((await post({ key: "mainHeadline", value: { en: "a", sw: "b", fr: "c" } })).status).toBe(400);
    expect((await post({ key: "mainHeadline", value: { en: "a\u0000", sw: "b" } })).status).toBe(400);
    expect((await api.services.settings.get()).mainHeadline).toEqual(before);
  });

  it("keeps a database's settings stored as plain strings: each read for both languages, the old English default as today's pair", async () => {
    // rows as an older version of the shop wrote them
    await api.services.settings.save({
      address: "Mtaa wa Congo, Kariakoo",
      mainHeadline: "Quality-Trusted Component Store",
    } as unknown as Partial<SiteSettings>);
    const shown = await get();
    expect(shown.settings.address).toEqual({ en: "Mtaa wa Congo, Kariakoo", sw: "Mtaa wa Congo, Kariakoo" });
    expect(shown.settings.mainHeadline).toEqual(DEFAULT_SITE_SETTINGS.mainHeadline);
    // and a save of another setting leaves them as they were
    expect((await post({ key: "cardRadius", value: 6 })).body.settings.address).toEqual({ en: "Mtaa wa Congo, Kariakoo", sw: "Mtaa wa Congo, Kariakoo" });
    await post({ reset: ["address", "mainHeadline", "cardRadius"] });
  });
});
