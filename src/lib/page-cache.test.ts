import { describe, expect, it } from "vitest";
import { CACHEABLE_PAGE, pageCacheKey, parseCookies, policyNonce, withNonce } from "./page-cache";
import { contentSecurityPolicy } from "./security-headers";

const get = (url: string, headers: Record<string, string> = {}) => pageCacheKey({ method: "GET", url, headers });

describe("which page requests the page cache answers", () => {
  it("takes the catalogue and the information pages of a signed-out shopper", () => {
    for (const url of ["/", "/products", "/products?category=sensors&page=2", "/products/125-l298n", "/about", "/help", "/services/pcb", "/discover"])
      expect(get(url), url).not.toBeNull();
  });

  it("never takes a signed-in request, even with a stale session cookie", () => {
    expect(get("/products", { cookie: "sid=abc" })).toBeNull();
    expect(get("/products", { cookie: "theme=dark; __Host-sid=abc" })).toBeNull();
  });

  it("never takes per-shopper pages, other methods, or Next's client navigations and prefetches", () => {
    for (const url of [
      "/cart",
      "/checkout",
      "/account",
      "/account/orders",
      "/admin",
      "/auth/login",
      "/tracking",
      "/newsletter/confirm?token=x",
      "/payments/sandbox/x",
      "/products/a/b",
    ])
      expect(get(url), url).toBeNull();
    expect(pageCacheKey({ method: "POST", url: "/products", headers: {} })).toBeNull();
    expect(pageCacheKey({ method: "HEAD", url: "/products", headers: {} })).toBeNull();
    expect(get("/products", { rsc: "1" })).toBeNull();
    expect(get("/products", { "next-router-prefetch": "1" })).toBeNull();
    expect(get("/products", { "next-action": "abc" })).toBeNull();
    expect(get("/products?_rsc=1x2y")).toBeNull();
    expect(CACHEABLE_PAGE.test("/account")).toBe(false);
  });

  it("keys every input a page renders with: address, language, theme, currency, guest cart count", () => {
    const plain = get("/products");
    const keys = [
      plain,
      get("/products?page=2"),
      get("/products", { cookie: "locale=sw" }),
      get("/products?lang=sw"),
      get("/products", { "accept-language": "sw-TZ,sw;q=0.9" }),
      get("/products", { cookie: "theme=dark" }),
      get("/products", { cookie: "currency=USD" }),
      get("/products", { cookie: "guest_cart_count=3" }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("shares one entry among inputs that render the same page", () => {
    // Accept-Language decides only without the cookie; unrelated cookies do not matter
    expect(get("/products", { cookie: "locale=en", "accept-language": "sw" })).toBe(get("/products", { cookie: "locale=en", "accept-language": "fr" }));
    expect(get("/products", { "accept-language": "en-GB,en;q=0.9" })).toBe(get("/products", { "accept-language": "en-US" }));
    expect(get("/products", { cookie: "_other=1; theme=dark" })).toBe(get("/products", { cookie: "theme=dark" }));
  });

  it("renders for itself a request whose cookie names repeat", () => {
    expect(parseCookies("theme=dark; theme=light")).toBeNull();
    expect(get("/products", { cookie: "theme=dark; theme=light" })).toBeNull();
    expect(parseCookies("a=1; b=%20x")?.get("b")).toBe(" x");
  });
});

describe("a cached page's nonce", () => {
  it("is read from the policy, and swapped everywhere it occurs", () => {
    const nonce = "dN/7Br19X4RjBA4AL7h/SQ==";
    const policy = contentSecurityPolicy(nonce);
    expect(policyNonce(policy)).toBe(nonce);
    expect(policyNonce("default-src 'self'")).toBeNull();
    const html = `<script nonce="${nonce}">1</script><script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script>`;
    const fresh = "Zm9vYmFyYmF6cXV4cXV1eA==";
    const swapped = withNonce(html, nonce, fresh);
    expect(swapped).not.toContain(nonce);
    expect(swapped.split(fresh)).toHaveLength(4);
    expect(policyNonce(withNonce(policy, nonce, fresh))).toBe(fresh);
  });
});
