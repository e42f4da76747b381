// The shop's service worker, and all it does: keep one page, /offline, and show it when a page
// cannot be loaded because the device has no connection. Nothing else is cached: not the API, not
// product or account pages (they must always be the server's current answer), not scripts.
// The offline page's own stylesheets are kept with it so it looks like the shop.
const VERSION = "v1";
const LANG = new URL(self.location.href).searchParams.get("lang") === "sw" ? "sw" : "en";
const CACHE = `offline-${VERSION}-${LANG}`;
// ?lang= renders it in the language the shopper was reading when the worker was installed
const OFFLINE_URL = `/offline?lang=${LANG}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // without cookies: the kept page names no signed-in shopper
      const response = await fetch(OFFLINE_URL, { cache: "reload", credentials: "omit" });
      if (!response.ok) throw new Error(`offline page answered ${response.status}`);
      const html = await response.clone().text();
      await cache.put(OFFLINE_URL, response);
      const styles = [...html.matchAll(/href="(\/_next\/static\/[^"?]+\.css)"/g)].map((m) => m[1]);
      await cache.addAll([...new Set(styles)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // the network always answers when it can; only a failed fetch (no connection) gets the kept page
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_URL, { cacheName: CACHE })) ?? Response.error()));
    return;
  }
  if (request.destination === "style" && url.pathname.startsWith("/_next/static/")) {
    event.respondWith(fetch(request).catch(async () => (await caches.match(request, { cacheName: CACHE })) ?? Response.error()));
  }
});
