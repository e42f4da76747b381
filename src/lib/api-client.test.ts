import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, isApiError, loginFailureType, refusedField } from "./api-client";

/** A fetch that answers once with this status and JSON body, recording what it was asked. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
    async () => new Response(body === undefined ? "" : JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the API client", () => {
  it("builds the product query from the typed query and returns the answer", async () => {
    const fetchMock = answer(200, { products: [], pagination: { total: 0, hasMore: false, limit: 20, offset: 40 } });
    const page = await api.catalog.products({ limit: 20, offset: 40, categories: ["a", "b"], sortBy: "price", sortOrder: "desc" });
    expect(page.pagination.offset).toBe(40);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/products?limit=20&offset=40&categories=a%2Cb&sortBy=price&sortOrder=desc");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("same-origin");
  });

  it("sends JSON bodies for writes", async () => {
    const fetchMock = answer(200, { success: true, quantity: 2, added: 1, partialStock: false, message: null });
    await api.cart.add({ productId: 7, variantId: "color:red", quantity: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({ productId: 7, variantId: "color:red", quantity: 1 });
  });

  it("turns an error answer into an ApiError with the server's code, message and fields", async () => {
    answer(409, { error: "Product out of stock", code: "out-of-stock" });
    const error = await failure(api.cart.add({ productId: 1 }));
    expect(error).toMatchObject({ kind: "http", status: 409, code: "out-of-stock", message: "Product out of stock" });
  });

  it("derives the code from the status when an answer has none (a proxy's 429 or 503)", async () => {
    answer(429, { error: "slow down" });
    expect((await failure(api.catalog.categories())).code).toBe("rate-limited");
    answer(503, undefined);
    const unavailable = await failure(api.catalog.categories());
    expect(unavailable).toMatchObject({ code: "unavailable", message: "HTTP 503" });
  });

  it("tells a network failure, a time-out and a cancellation apart", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect((await failure(api.catalog.categories())).kind).toBe("network");

    // a fetch that never answers until its signal aborts
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
      ),
    );
    expect((await failure(api.catalog.categories({ timeoutMs: 5 }))).kind).toBe("timeout");
    const controller = new AbortController();
    const pending = api.catalog.categories({ signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe("aborted");
  });

  it("gives sign-in failures the spec's error types", async () => {
    answer(429, { success: false, error: "Account temporarily locked. Please try again in 15 minutes.", code: "locked", type: "RATE_LIMIT" });
    expect(loginFailureType(await failure(api.auth.login({ email: "a@b.tz", password: "x" })))).toBe("RATE_LIMIT");
    expect(loginFailureType(new ApiError("timeout", "t"))).toBe("TIMEOUT");
    expect(loginFailureType(new ApiError("network", "n"))).toBe("NETWORK_ERROR");
    expect(loginFailureType(new ApiError("http", "x", 401, "invalid-credentials", { type: "INVALID_CREDENTIALS" }))).toBe("INVALID_CREDENTIALS");
  });
});

describe("error answers narrowed by their code", () => {
  const refusal = (code: ConstructorParameters<typeof ApiError>[3], body: Record<string, unknown>) => new ApiError("http", "refused", 400, code, body);

  it("reads the details a code carries, and only for that code", () => {
    const error: unknown = refusal("out-of-stock", {
      error: "short",
      code: "out-of-stock",
      lines: [{ productId: 1, variantId: "default", name: "LED", available: 2 }],
    });
    expect(isApiError(error, "out-of-stock") && error.body.lines?.[0]?.available).toBe(2);
    expect(isApiError(error, "price-changed")).toBe(false);
  });

  it("names the refused field of a validation, invalid-input or too-large answer, and nothing else", () => {
    expect(refusedField(refusal("validation", { field: "phone", reason: "phone" }))).toEqual({ field: "phone", reason: "phone" });
    expect(refusedField(refusal("too-large", { field: "gerber" }))).toEqual({ field: "gerber", reason: null });
    expect(refusedField(refusal("invalid-input", {}))).toBeNull();
    expect(refusedField(refusal("out-of-stock", { field: "phone" }))).toBeNull();
    expect(refusedField(new Error("offline"))).toBeNull();
  });
});
