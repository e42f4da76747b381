import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isErrorCode } from "../../src/lib/error-codes";
import { openSession } from "../../src/server/auth/sessions";
import { users, userTwoFactor } from "../../src/server/db/schema";
import { setupApi } from "./harness";

/**
 * Property-based fuzzing of every API endpoint's query and body: control characters, unicode edge
 * cases, huge numbers, deep JSON, arrays where text is expected, empty and very long strings. The
 * property: no 5xx, and every refusal is JSON {error, code} with a known code. Runs are seeded
 * (FUZZ_SEED overrides) and bounded so the suite stays fast on both databases.
 */
const api = setupApi();
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = 60;
/** endpoints that hash a password on some inputs (about 0.3 s each) get fewer runs */
const SLOW_RUNS = 15;

// ---- arbitraries -----------------------------------------------------------------------------

const EDGE_PIECES = [
  "\u0000",
  "\u0001",
  "\t",
  "\n",
  "\r\n",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "\u009b",
  "\ud800",
  "\udfff",
  "\ufffe",
  "\uffff",
  "\ufdd0",
  "\u{10ffff}",
  "\u{1fffe}",
  "\u200f",
  "\u202e",
  "\u200b",
  "\ufeff",
  "🔌",
  "👩🏽‍💻",
  "مرحبا",
  "é",
  "e\u0301",
  " ",
  "   ",
  "\u00a0",
  "%",
  "%00",
  "%ff",
  "'",
  '"',
  "\\",
  "/",
  "..",
  "<script>",
  "' or 1=1 --",
  "${x}",
  "{}",
  "[]",
  "null",
  "-1",
  "0",
  "1e308",
  "99999999999999999999",
  "NaN",
  "true",
  "default",
  "a",
  "arduino",
];

const edgeString = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...EDGE_PIECES), { minLength: 0, maxLength: 6 }).map((parts) => parts.join("")) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\t\n", "x".repeat(5000), "é".repeat(3000), "🔌".repeat(2000)) },
);

const hugeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 53, -1, -0.5, 0.5, 1.5, 1e-300, 0);

/**
 * Deeply nested JSON, kept as text: fast-check would overflow the stack printing such a value.
 * It is spliced into a body in place of the marker string.
 */
const DEEP_MARKER = "\u0000deep-json\u0000";
const deepJson = (depth: number, leaf: string) => '{"a":['.repeat(depth) + leaf + "]}".repeat(depth);
const DEEP_BODIES = [deepJson(10, '"\\u0000"'), deepJson(300, "1"), deepJson(5000, '"x"')];

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: edgeString },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(edgeString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(edgeString, edgeString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1, 2).map((i) => `${DEEP_MARKER}${i}`) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A body: an object with (some of) the endpoint's fields set to odd values, or something that is not such an object. */
function oddBody(fields: string[]): fc.Arbitrary<unknown> {
  const record = fc.record(Object.fromEntries(fields.map((f) => [f, oddValue])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: record },
    { weight: 1, arbitrary: oddValue },
    { weight: 1, arbitrary: fc.constantFrom(`${DEEP_MARKER}1`, `${DEEP_MARKER}2`) },
  );
}

/** Percent-encodes a text's UTF-8 bytes (lone surrogates become U+FFFD, as a browser would send them). */
function encode(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, "0")}`))
    .join("");
}

/** A query string over the endpoint's parameters: odd texts, repeated parameters (arrays), raw broken escapes. */
function oddQuery(params: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 5, arbitrary: edgeString.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%ff", "%c0%80", "%ed%a0%80", "%f4%90%80%80", "a%00b", "1e400", "99999999999999999999999") },
  );
  const pair = fc.tuple(fc.constantFrom(...params, "x", "__proto__"), value, fc.boolean());
  return fc
    .array(pair, { maxLength: 6 })
    .map((pairs) => pairs.flatMap(([name, v, twice]) => (twice ? [`${name}=${v}`, `${name}=${v}`] : [`${name}=${v}`])).join("&"));
}

// ---- the property ----------------------------------------------------------------------------

type Method = "GET" | "POST" | "PATCH" | "DELETE";
interface Sent {
  method: Method;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

async function expectWellFormed(sent: Sent) {
  const res = await api.app.inject({
    method: sent.method,
    url: sent.url,
    headers: { ...(sent.payload !== undefined ? { "content-type": "application/json" } : {}), ...sent.headers },
    payload: sent.payload,
  });
  const where = `${sent.method} ${sent.url.slice(0, 300)} ${String(sent.payload ?? "").slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 300) {
    expect(res.headers["content-type"], where).toMatch(/^application\/json/);
    const body = res.json() as { error?: unknown; code?: unknown };
    expect(typeof body.error, where).toBe("string");
    expect(isErrorCode(body.code), where).toBe(true);
  }
}

function run<T>(arbitrary: fc.Arbitrary<T>, toRequest: (value: T) => Sent, numRuns = RUNS) {
  return fc.assert(
    fc.asyncProperty(arbitrary, async (value) => expectWellFormed(toRequest(value))),
    { numRuns, seed: SEED, endOnFailure: true },
  );
}

/** The JSON text of a body, with each deep-JSON marker replaced by its nested text. */
const json = (value: unknown) =>
  (value === undefined ? "null" : JSON.stringify(value)).replace(/"\\u0000deep-json\\u0000(\d)"/g, (_, i: string) => DEEP_BODIES[Number(i)]!);

let shopper = "";
let admin = "";
async function signedIn(role: "user" | "admin"): Promise<string> {
  const [user] = await api.handle.db
    .insert(users)
    .values({
      email: `fuzz-${role}-${process.pid}-${Date.now()}@example.co.tz`,
      fullName: "Fuzz Tester",
      passwordHash: "scrypt$x",
      role,
      emailVerifiedAt: sql`now()`,
    })
    .returning({ id: users.id });
  // an admin with two-step sign-in on, so the admin calls are reached (the site requires it of admins)
  if (role === "admin") await api.handle.db.insert(userTwoFactor).values({ userId: user!.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: sql`now()` });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return `sid=${token}`;
}
const withCookie = (cookie: string) => fc.constantFrom<Record<string, string>>({ cookie }, {});

describe("fuzzing every endpoint: no 5xx, every refusal {error, code}", { timeout: 240_000 }, () => {
  it("GET /api/products", () =>
    run(
      oddQuery(["category", "brand", "search", "limit", "offset", "sortBy", "sortOrder", "minPrice", "maxPrice", "categories", "inStock", "enriched"]),
      (q) => ({ method: "GET", url: `/api/products?${q}` }),
    ));

  it("GET /api/products/:id", () =>
    run(fc.tuple(edgeString, oddQuery(["minimal"])), ([id, q]) => ({ method: "GET", url: `/api/products/${encode(id) || "x"}?${q}` })));

  it("GET /api/categories, /api/search-suggestions, /api/advertisements, rotation-time, /api/admin/settings", () =>
    run(
      fc.tuple(
        fc.constantFrom("/api/categories", "/api/search-suggestions", "/api/advertisements", "/api/advertisements/rotation-time", "/api/admin/settings"),
        oddQuery(["q", "placement"]),
      ),
      ([path, q]) => ({ method: "GET", url: `${path}?${q}` }),
    ));

  it("POST /api/admin/settings", async () => {
    admin ||= await signedIn("admin");
    const body = fc.oneof(
      fc.record(
        { key: fc.oneof(edgeString, fc.constantFrom("companyColor", "serviceImageRotationTime", "productsPerRow", "colors")), value: oddValue },
        { requiredKeys: [] },
      ),
      fc.record({ settings: fc.oneof(oddValue, fc.record({ companyColor: oddValue, footer: oddValue, security: oddValue }, { requiredKeys: [] })) }),
      fc.record({ reset: oddValue.filter((v) => v !== true) }),
      oddBody(["key", "value", "settings", "reset"]),
    );
    await run(fc.tuple(body, fc.constantFrom(admin, "")), ([b, cookie]) => ({
      method: "POST",
      url: "/api/admin/settings",
      payload: json(b),
      headers: cookie ? { cookie } : ({} as Record<string, string>),
    }));
  });

  it("POST /api/auth/register", () =>
    run(
      oddBody(["fullName", "email", "phone", "password", "confirmPassword", "acceptTerms"]),
      (b) => ({ method: "POST", url: "/api/auth/register", payload: json(b) }),
      SLOW_RUNS,
    ));

  it("POST /api/auth/login", () =>
    run(oddBody(["email", "password", "remember", "redirect"]), (b) => ({ method: "POST", url: "/api/auth/login", payload: json(b) }), SLOW_RUNS));

  it("POST /api/auth/login/two-factor", () =>
    run(oddBody(["challenge", "code"]), (b) => ({ method: "POST", url: "/api/auth/login/two-factor", payload: json(b) })));

  it("POST /api/auth/verify, resend-verification, forgot-password, reset-password, logout", () =>
    run(
      fc.tuple(
        fc.constantFrom("/api/auth/verify", "/api/auth/resend-verification", "/api/auth/forgot-password", "/api/auth/reset-password", "/api/auth/logout"),
        oddBody(["token", "email", "password", "confirmPassword"]),
      ),
      ([path, b]) => ({ method: "POST", url: path, payload: json(b) }),
    ));

  it("GET and POST /api/account/*", async () => {
    shopper ||= await signedIn("user");
    await run(
      fc.tuple(
        fc.constantFrom(
          "/api/account/profile",
          "/api/account/password",
          "/api/account/sessions/revoke-others",
          "/api/account/sessions",
          "/api/account/two-factor",
          "/api/account/two-factor/confirm",
          "/api/account/two-factor/disable",
          "/api/account/two-factor/recovery-codes",
        ),
        oddBody(["fullName", "phone", "company", "currentPassword", "newPassword", "confirmPassword", "code", "password"]),
        withCookie(shopper),
      ),
      ([path, b, headers]) => ({
        method: path.endsWith("/sessions") || path.endsWith("/two-factor") ? "GET" : "POST",
        url: path,
        payload: path.endsWith("/sessions") || path.endsWith("/two-factor") ? undefined : json(b),
        headers,
      }),
    );
  });

  it("GET, POST, PATCH and DELETE /api/cart, and /api/cart/merge", async () => {
    shopper ||= await signedIn("user");
    const line = fc.record(
      {
        productId: oddValue,
        variants: fc.oneof(oddValue, fc.array(fc.record({ variantId: oddValue, quantity: oddValue }, { requiredKeys: [] }), { maxLength: 3 })),
      },
      { requiredKeys: [] },
    );
    const request = fc.oneof(
      fc.tuple(fc.constant<Method>("GET"), fc.constant(undefined), oddQuery(["itemId"])),
      fc.tuple(fc.constant<Method>("POST"), oddBody(["productId", "variantId", "quantity", "price", "variantAttributes"]), fc.constant("")),
      fc.tuple(fc.constant<Method>("PATCH"), oddBody(["itemId", "variantId", "quantity"]), fc.constant("")),
      fc.tuple(fc.constant<Method>("DELETE"), fc.constant(undefined), oddQuery(["itemId", "variantId"])),
      fc.tuple(
        fc.constant<Method>("POST"),
        fc.oneof(
          fc.record(
            { mergeId: oddValue, guestCart: fc.oneof(oddValue, fc.array(line, { maxLength: 3 }), fc.record({ items: fc.array(line, { maxLength: 3 }) })) },
            { requiredKeys: [] },
          ),
          oddValue,
        ),
        fc.constant("merge"),
      ),
    );
    await run(fc.tuple(request, withCookie(shopper)), ([[method, body, extra], headers]) => ({
      method,
      url: extra === "merge" ? "/api/cart/merge" : `/api/cart${extra ? `?${extra}` : ""}`,
      payload: body === undefined ? undefined : json(body),
      headers,
    }));
  });

  it("POST /api/newsletter", () => run(oddBody(["email"]), (b) => ({ method: "POST", url: "/api/newsletter", payload: json(b) })));

  it("POST /api/image-search with garbage multipart", () =>
    run(
      fc.tuple(
        fc.constantFrom(
          "multipart/form-data; boundary=X",
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "application/octet-stream",
          "image/png",
          "text/plain",
        ),
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
          fc
            .tuple(edgeString, edgeString, fc.uint8Array({ maxLength: 500 }))
            .map(([name, filename, bytes]) =>
              Buffer.concat([
                Buffer.from(`--X\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
                Buffer.from(bytes),
                Buffer.from("\r\n--X--\r\n"),
              ]),
            ),
        ),
      ),
      ([type, payload]) => ({ method: "POST", url: "/api/image-search", payload, headers: { "content-type": type } }),
      40,
    ));
});
