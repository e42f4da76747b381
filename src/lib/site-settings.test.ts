import { describe, expect, it } from "vitest";
import {
  checkSiteSettings,
  DEFAULT_SITE_SETTINGS,
  defaultSiteSettings,
  LOCALIZED_SETTING_PATHS,
  mergeSiteSettings,
  PUBLIC_SITE_SETTING_KEYS,
  publicSiteSettings,
  siteSettingsSchema,
  textIn,
  type LocalizedText,
} from "./site-settings";

describe("site settings", () => {
  it("defaults satisfy their own schema and carry the business constants", () => {
    expect(siteSettingsSchema.safeParse(DEFAULT_SITE_SETTINGS).success).toBe(true);
    expect(DEFAULT_SITE_SETTINGS.currency).toBe("TZS");
    expect(DEFAULT_SITE_SETTINGS.cart.shippingCost).toBe(5000);
    expect(DEFAULT_SITE_SETTINGS.security.sessionTimeout).toBe(30);
    expect(DEFAULT_SITE_SETTINGS.productsPerRow).toEqual({ mobile: 3, tablet: 4, desktop: 5 });
    expect(DEFAULT_SITE_SETTINGS.businessHours.saturday).toEqual({ open: "09:00", close: "16:00", closed: false });
    expect(DEFAULT_SITE_SETTINGS.timezone).toBe("Africa/Dar_es_Salaam");
    expect(DEFAULT_SITE_SETTINGS.navigation.opacity).toBe(0.95);
    expect(DEFAULT_SITE_SETTINGS.security.requireAdmin2fa).toBe(true);
  });
  it("keeps a security policy stored before two-step sign-in existed, with administrators required to use it", () => {
    const merged = mergeSiteSettings({ security: { sessionTimeout: 60, maxLoginAttempts: 3, lockoutMinutes: 10 } });
    expect(merged.security).toEqual({ sessionTimeout: 60, maxLoginAttempts: 3, lockoutMinutes: 10, requireAdmin2fa: true });
    expect(mergeSiteSettings({ security: { ...DEFAULT_SITE_SETTINGS.security, requireAdmin2fa: false } }).security.requireAdmin2fa).toBe(false);
  });
  it("merges valid stored values and ignores unknown keys and invalid values", () => {
    const merged = mergeSiteSettings({ companyName: "Duka", unknownKey: 1, companyColor: "red", cardRadius: 4 });
    expect(merged.companyName).toBe("Duka");
    expect(merged.cardRadius).toBe(4);
    expect(merged.companyColor).toBe(DEFAULT_SITE_SETTINGS.companyColor);
    expect("unknownKey" in merged).toBe(false);
  });
  it("keeps the security policy, notification switches and stock threshold out of the public settings", () => {
    const pub = publicSiteSettings(DEFAULT_SITE_SETTINGS) as Record<string, unknown>;
    expect("security" in pub).toBe(false);
    expect("notifications" in pub).toBe(false);
    expect("inventory" in pub).toBe(false);
    expect(pub.companyName).toBe(DEFAULT_SITE_SETTINGS.companyName);
    expect(pub.cart).toEqual(DEFAULT_SITE_SETTINGS.cart);
    // every other setting is public, and a pick names only real keys
    const all = Object.keys(siteSettingsSchema.shape);
    // (the test clock is a test server's, never a shopper's)
    expect([...PUBLIC_SITE_SETTING_KEYS].sort()).toEqual(all.filter((k) => !["security", "notifications", "inventory", "testClock"].includes(k)).sort());
  });
});

describe("checkSiteSettings", () => {
  it("accepts a valid subset and fills nested defaults", () => {
    const checked = checkSiteSettings({ companyName: "Duka Letu", colors: { primary: "#112233", secondary: "#000000", accent: "#ffffff" } });
    expect(checked).toEqual({ ok: true, values: { companyName: "Duka Letu", colors: { primary: "#112233", secondary: "#000000", accent: "#ffffff" } } });
  });

  it("names every problem by its path, with the limit where there is one", () => {
    const checked = checkSiteSettings({
      companyName: "",
      colors: { primary: "red", secondary: "#000000", accent: "#ffffff" },
      cardRadius: 99,
      theme: "neon",
      seo: { title: "x".repeat(121), description: "", keywords: [] },
      nonsense: 1,
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const byPath = Object.fromEntries(checked.problems.map((p) => [p.path, p]));
    expect(byPath.companyName).toMatchObject({ problem: "tooShort", limit: 1 });
    expect(byPath["colors.primary"]).toMatchObject({ problem: "format" });
    expect(byPath.cardRadius).toMatchObject({ problem: "tooBig", limit: 32 });
    expect(byPath.theme).toMatchObject({ problem: "choice" });
    // a plain string stands for both languages: its problem is each language's
    expect(byPath["seo.title.en"]).toMatchObject({ problem: "tooLong", limit: 120 });
    expect(byPath["seo.title.sw"]).toMatchObject({ problem: "tooLong", limit: 120 });
    expect(byPath.nonsense!.message).toMatch(/unknown setting nonsense/);
  });

  it("takes the shop's WhatsApp number as typed and keeps it in E.164; empty means no number", () => {
    expect(checkSiteSettings({ whatsappNumber: "0754 123 456" })).toEqual({ ok: true, values: { whatsappNumber: "+255754123456" } });
    expect(checkSiteSettings({ whatsappNumber: "255 713 000 111" })).toEqual({ ok: true, values: { whatsappNumber: "+255713000111" } });
    expect(checkSiteSettings({ whatsappNumber: "  " })).toEqual({ ok: true, values: { whatsappNumber: "" } });
    expect(DEFAULT_SITE_SETTINGS.whatsappNumber).toBe("");
  });

  it.each(["022 211 0000", "+254 712 345 678", "WhatsApp us", "0754"])("refuses %s as the WhatsApp number: not a Tanzanian mobile number", (number) => {
    const checked = checkSiteSettings({ whatsappNumber: number });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual([expect.objectContaining({ path: "whatsappNumber", problem: "mobile" })]);
  });

  it("ignores a stored WhatsApp number that is no longer valid, rather than showing a broken button", () => {
    expect(mergeSiteSettings({ whatsappNumber: "+255222110000" }).whatsappNumber).toBe("");
    expect(mergeSiteSettings({ whatsappNumber: "+255754123456" }).whatsappNumber).toBe("+255754123456");
  });

  it("gives the defaults of the keys asked for", () => {
    expect(defaultSiteSettings(["companyName", "cardRadius"])).toEqual({
      companyName: DEFAULT_SITE_SETTINGS.companyName,
      cardRadius: DEFAULT_SITE_SETTINGS.cardRadius,
    });
  });
});

describe("texts a shopper reads, per language", () => {
  it("has a Kiswahili default for every one of them, different from the English", () => {
    for (const path of LOCALIZED_SETTING_PATHS) {
      const text = path.split(".").reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], DEFAULT_SITE_SETTINGS) as LocalizedText;
      expect(text.en.trim(), path).not.toBe("");
      expect(text.sw.trim(), path).not.toBe("");
      expect(text.sw, path).not.toBe(text.en);
    }
    expect(DEFAULT_SITE_SETTINGS.mainHeadline.sw).toBe("Duka la Vipuri Vyenye Ubora Unaoaminika");
  });

  it("takes {en, sw}, or a plain string for both", () => {
    expect(checkSiteSettings({ mainHeadline: { en: "Parts for makers", sw: "Vipuri kwa wabunifu" } })).toEqual({
      ok: true,
      values: { mainHeadline: { en: "Parts for makers", sw: "Vipuri kwa wabunifu" } },
    });
    expect(checkSiteSettings({ companyTagline: "Parts for every project" })).toEqual({
      ok: true,
      values: { companyTagline: { en: "Parts for every project", sw: "Parts for every project" } },
    });
    const nested = checkSiteSettings({ seo: { title: "Duka", description: { en: "Shop", sw: "Duka" }, keywords: [] } });
    expect(nested.ok && nested.values.seo).toEqual({ title: { en: "Duka", sw: "Duka" }, description: { en: "Shop", sw: "Duka" }, keywords: [] });
  });

  it("names a problem by the language it is in", () => {
    const checked = checkSiteSettings({ mainHeadline: { en: "ok", sw: "x".repeat(121) }, companyTagline: { en: "only English" }, address: 7 });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const byPath = Object.fromEntries(checked.problems.map((p) => [p.path, p]));
    expect(byPath["mainHeadline.sw"]).toMatchObject({ problem: "tooLong", limit: 120 });
    expect(byPath["companyTagline.sw"]).toMatchObject({ problem: "type" });
    expect(byPath.address).toMatchObject({ problem: "type" });
    expect(checkSiteSettings({ mainHeadline: { en: "a", sw: "b", fr: "c" } }).ok).toBe(false);
  });

  it("reads a row stored as a plain string (before texts had languages) for both; the old English default as today's pair", () => {
    const merged = mergeSiteSettings({
      mainHeadline: "Parts for makers",
      companyTagline: "Components, prototyping and engineering services for Tanzania",
      seo: {
        title: "My shop",
        description: "Electronic components, development boards, sensors, tools, PCB printing and engineering services in Tanzania. Prices in TSh.",
        keywords: ["a"],
      },
      delivery: { ...DEFAULT_SITE_SETTINGS.delivery, parcel: { ...DEFAULT_SITE_SETTINGS.delivery.parcel, departure: "Ubungo bus stand", defaultFee: 9_000 } },
    });
    expect(merged.mainHeadline).toEqual({ en: "Parts for makers", sw: "Parts for makers" });
    expect(merged.companyTagline).toEqual(DEFAULT_SITE_SETTINGS.companyTagline);
    expect(merged.seo).toEqual({ title: { en: "My shop", sw: "My shop" }, description: DEFAULT_SITE_SETTINGS.seo.description, keywords: ["a"] });
    expect(merged.delivery.parcel).toMatchObject({ departure: { en: "Ubungo bus stand", sw: "Ubungo bus stand" }, defaultFee: 9_000 });
  });

  it("picks the page's language, and English where a translation was left empty", () => {
    expect(textIn({ en: "Shop", sw: "Duka" }, "sw")).toBe("Duka");
    expect(textIn({ en: "Shop", sw: "Duka" }, "en")).toBe("Shop");
    expect(textIn({ en: "Shop", sw: "  " }, "sw")).toBe("Shop");
  });
});
