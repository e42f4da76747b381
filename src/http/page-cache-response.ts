import type http from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { policyNonce, withNonce } from "@/lib/page-cache";
import { newNonce } from "@/lib/security-headers";
import { createPageCache, type CachedPage, type PageCache } from "@/server/cache/page-cache";

/**
 * The HTTP side of the page cache: answering a signed-out shopper's page from the cache, or
 * holding Next's rendering of it until complete and keeping it. What may be cached, and under
 * which key, is decided in src/lib/page-cache.ts; the cache itself is src/server/cache/page-cache.ts.
 */

const gzipAsync = promisify(gzip);

/** Headers of one answer that a cached page must not carry into another. */
const PER_ANSWER_HEADERS = new Set(["content-length", "transfer-encoding", "content-encoding", "date", "connection", "keep-alive", "set-cookie"]);
/** Pages' total HTML kept in memory at most (about 64 MB), and their time limit per database kind. */
const PAGE_CACHE_CHARS = 64 * 1024 * 1024;
const PAGE_CACHE_TTL_MS = { pglite: 60_000, postgres: 10_000 } as const;

/**
 * The page cache for this database: another app server's writes to a shared PostgreSQL are not
 * announced to this process, so its pages are kept for less time there than on the embedded database.
 */
export function createShopPageCache(databaseKind: keyof typeof PAGE_CACHE_TTL_MS): PageCache {
  return createPageCache({ maxChars: PAGE_CACHE_CHARS, ttlMs: PAGE_CACHE_TTL_MS[databaseKind] });
}

/** Sends a page (cached or just rendered) with `nonce` in place of the one it was rendered with, gzipped when the browser takes it. */
async function sendPage(req: http.IncomingMessage, res: http.ServerResponse, page: CachedPage, nonce: string, acceptEncoding: string) {
  res.statusCode = page.status;
  for (const [name, value] of page.headers) {
    if (PER_ANSWER_HEADERS.has(name)) continue;
    res.setHeader(name, typeof value === "string" ? withNonce(value, page.nonce, nonce) : value);
  }
  let body = Buffer.from(withNonce(page.body, page.nonce, nonce));
  if (/\bgzip\b/.test(acceptEncoding)) {
    body = await gzipAsync(body);
    res.setHeader("content-encoding", "gzip");
  } else res.removeHeader("content-encoding");
  res.setHeader("content-length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * A signed-out shopper's catalogue or information page (src/lib/page-cache.ts): from the cache,
 * with a fresh CSP nonce, or rendered by Next (uncompressed, held until complete) and kept.
 */
export function serveCachedPage(req: http.IncomingMessage, res: http.ServerResponse, key: string, cache: PageCache, render: () => void) {
  const acceptEncoding = String(req.headers["accept-encoding"] ?? "");
  const hit = cache.get(key);
  if (hit) {
    res.setHeader("x-page-cache", "hit");
    void sendPage(req, res, hit, newNonce(), acceptEncoding).catch(() => res.destroy());
    return;
  }
  const stamp = cache.stamp();
  delete req.headers["accept-encoding"];
  const chunks: Buffer[] = [];
  const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  const take = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array),
    );
  };
  const callback = (...args: unknown[]) => args.find((a): a is () => void => typeof a === "function");
  res.writeHead = function (status: number, ...rest: unknown[]) {
    res.statusCode = status;
    const headers = rest.find((a) => a && typeof a === "object");
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
    else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string);
    return res;
  } as typeof res.writeHead;
  res.flushHeaders = () => undefined;
  res.write = function (chunk: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    callback(...rest)?.();
    return true;
  } as typeof res.write;
  res.end = function (chunk?: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    Object.assign(res, original);
    const done = callback(chunk, ...rest);
    const raw = Buffer.concat(chunks);
    const type = String(res.getHeader("content-type") ?? "");
    const nonce = policyNonce(String(res.getHeader("content-security-policy") ?? ""));
    if (!type.startsWith("text/html") || !nonce || res.getHeader("content-encoding")) {
      // not a page this cache handles (a redirect, a file): passed on as Next made it
      res.end(raw, done);
      return res;
    }
    const page: CachedPage = {
      status: res.statusCode,
      headers: Object.entries(res.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]),
      body: raw.toString("utf8"),
      nonce,
    };
    const kept = res.statusCode === 200 && !res.getHeader("set-cookie") && cache.set(key, page, stamp);
    res.setHeader("x-page-cache", kept ? "miss" : "bypass");
    void sendPage(req, res, page, nonce, acceptEncoding).then(done, () => res.destroy());
    return res;
  } as typeof res.end;
  render();
}
