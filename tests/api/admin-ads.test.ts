import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { advertisements, securityEvents } from "../../src/server/db/schema";
import { adminCookie, apiClient, multipartForm, setupApi, shopperCookie } from "./harness";

const api = setupApi();
let admin = "";
let shopper = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

async function upload(bytes: Buffer, cookie: string | null = admin, filename = "ad.png") {
  const form = multipartForm([{ name: "file", filename, data: bytes }]);
  const res = await api.app.inject({
    method: "POST",
    url: "/api/admin/ads/media",
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

const picture = () =>
  sharp({ create: { width: 2400, height: 600, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toBuffer();
const ad = (mediaUrl: string, extra: Json = {}) => ({
  title: "Arduino week",
  mediaType: "image",
  mediaUrl,
  linkUrl: "/products?category=development-boards",
  placement: "products",
  active: true,
  sortOrder: 0,
  ...extra,
});
const publicAds = async () => (await call("GET", "/api/advertisements?placement=products", null)).body as unknown as Json[];

beforeAll(async () => {
  admin = await adminCookie(api, "ads");
  shopper = await shopperCookie(api, "ads");
});

describe("admin ad calls: who may", () => {
  it("answers a guest 401 and a shopper 403 on every call", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/admin/ads", undefined],
      ["POST", "/api/admin/ads", ad("/media/ads/x.webp")],
      ["PUT", "/api/admin/ads/1", ad("/media/ads/x.webp")],
      ["DELETE", "/api/admin/ads/1", undefined],
    ] as const) {
      expect((await call(method, url, null, body)).status, url).toBe(401);
      expect((await call(method, url, shopper, body)).status, url).toBe(403);
    }
    expect((await upload(await picture(), null)).status).toBe(401);
    expect((await upload(await picture(), shopper)).status).toBe(403);
  });
});

describe("uploads", () => {
  it("stores a picture as WebP at the carousel's widths under its content's hash, served from /media", async () => {
    const first = await upload(await picture());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ mediaType: "image", mediaUrl: expect.stringMatching(/^\/media\/ads\/ad-1200-[0-9a-f]{10}\.webp$/) });
    const again = await upload(await picture());
    expect(again.body.mediaUrl).toBe(first.body.mediaUrl);
    const stored = await fs.readFile(path.join(api.mediaDir, first.body.mediaUrl.replace("/media/", "")));
    expect(await sharp(stored).metadata()).toMatchObject({ format: "webp", width: 1200, height: 300 });
    for (const width of [600, 800]) {
      const twin = await fs.readFile(path.join(api.mediaDir, first.body.mediaUrl.replace("/media/", "").replace("-1200-", `-${width}-`)));
      expect((await sharp(twin).metadata()).width).toBe(width);
    }
    const served = await api.app.inject({ method: "GET", url: first.body.mediaUrl });
    expect(served.statusCode).toBe(200);
  });

  it("takes an MP4 or WebM video by its bytes, and refuses what is neither a picture nor a video, or too large", async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(64, 1)]);
    const video = await upload(mp4, admin, "clip.mp4");
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({ mediaType: "video", mediaUrl: expect.stringMatching(/\.mp4$/) });

    const text = await upload(Buffer.from("<script>alert(1)</script>"), admin, "x.png");
    expect(text.status).toBe(400);
    expect(text.body.code).toMatch(/not-an-image|image-damaged/);
    const huge = await upload(Buffer.alloc(11 * 1024 * 1024, 7), admin, "huge.png");
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe("too-large");
  });
});

describe("creating, changing and deleting an ad", () => {
  it("refuses bad input with the field named", async () => {
    const { body } = await upload(await picture());
    for (const [change, words] of [
      [{ title: "" }, /title/],
      [{ mediaUrl: "https://elsewhere.example/ad.webp" }, /mediaUrl/],
      [{ mediaType: "video" }, /mediaUrl/],
      [{ linkUrl: "//evil.example/phish" }, /linkUrl/],
      [{ linkUrl: "javascript:alert(1)" }, /linkUrl/],
      [{ placement: "sidebar" }, /placement/],
      [{ startsAt: "tomorrow" }, /startsAt/],
      [{ sortOrder: 1.5 }, /sortOrder/],
      [{ title: "bad\u0000title" }, /title/],
    ] as const) {
      const res = await call("POST", "/api/admin/ads", admin, ad(body.mediaUrl, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error, JSON.stringify(change)).toMatch(words);
    }
    const backwards = await call("POST", "/api/admin/ads", admin, ad(body.mediaUrl, { startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe("validation");
  });

  it("shows a new ad to shoppers at once, follows its window and switch, and logs every change with before and after", async () => {
    const { body: media } = await upload(await picture());
    const title = `Solar kits ${Date.now()}`;
    const created = await call("POST", "/api/admin/ads", admin, ad(media.mediaUrl, { title, sortOrder: 3 }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await publicAds()).find((a) => a.id === id)).toMatchObject({ title, media_type: "image", media_url: media.mediaUrl });

    const later = await call("PUT", `/api/admin/ads/${id}`, admin, ad(media.mediaUrl, { title, startsAt: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(later.status).toBe(200);
    expect((await publicAds()).some((a) => a.id === id)).toBe(false);
    await call("PUT", `/api/admin/ads/${id}`, admin, ad(media.mediaUrl, { title, endsAt: new Date(Date.now() - 1000).toISOString() }));
    expect((await publicAds()).some((a) => a.id === id)).toBe(false);
    await call("PUT", `/api/admin/ads/${id}`, admin, ad(media.mediaUrl, { title, active: false }));
    expect((await publicAds()).some((a) => a.id === id)).toBe(false);
    await call("PUT", `/api/admin/ads/${id}`, admin, ad(media.mediaUrl, { title: `${title} again` }));
    expect((await publicAds()).find((a) => a.id === id)?.title).toBe(`${title} again`);

    const listed = await call("GET", "/api/admin/ads", admin);
    expect(listed.body.ads.find((a: Json) => a.id === id)).toMatchObject({ title: `${title} again`, active: true, placement: "products" });

    expect((await call("DELETE", `/api/admin/ads/${id}`, admin)).status).toBe(204);
    expect((await publicAds()).some((a) => a.id === id)).toBe(false);
    expect((await call("DELETE", `/api/admin/ads/${id}`, admin)).status).toBe(404);
    expect((await call("PUT", `/api/admin/ads/${id}`, admin, ad(media.mediaUrl))).status).toBe(404);
    expect(await api.handle.db.select().from(advertisements).where(eq(advertisements.id, id))).toHaveLength(0);

    const logged = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-ad-changed")))
      .orderBy(desc(securityEvents.id))
      .limit(6);
    const mine = logged.filter((e) => (e.detail as Json).id === id).reverse();
    expect(mine.map((e) => (e.detail as Json).action)).toEqual(["created", "changed", "changed", "changed", "changed", "deleted"]);
    expect(mine[4]!.detail).toMatchObject({ before: { active: false }, after: { active: true, title: `${title} again` } });
    expect(mine[5]!.detail).toMatchObject({ before: { id }, after: null });
  });
});
