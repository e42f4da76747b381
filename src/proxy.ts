import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/security-headers";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALE_QUERY, isLocale } from "@/lib/locale";

/**
 * Every page gets a Content-Security-Policy with a fresh nonce. Next reads the policy from the
 * request's headers and puts the nonce on the scripts it renders; the layout reads `x-nonce` for
 * the theme's boot script and the product page for its JSON-LD. The other security headers are
 * set by server.ts for every answer.
 *
 * A page asked for with `?lang=sw` (a hreflang alternate, a shared link, the language switch
 * without JavaScript) renders in that language and remembers it in the locale cookie. The page's
 * own address goes along in `x-page-path`, for the layout's hreflang alternates.
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV !== "production" });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  headers.set("x-page-path", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const asked = request.nextUrl.searchParams.get(LOCALE_QUERY);
  headers.delete("x-locale-query");
  if (isLocale(asked)) headers.set("x-locale-query", asked);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  if (isLocale(asked) && request.cookies.get(LOCALE_COOKIE)?.value !== asked) {
    response.cookies.set(LOCALE_COOKIE, asked, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax", secure: request.nextUrl.protocol === "https:" });
  }
  return response;
}

export const config = {
  // pages only: the API and media are Fastify's, and static bundles carry no policy of their own
  matcher: [
    {
      source: "/((?!api/|media/|_next/static|_next/image|favicon.ico|icon.svg).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
