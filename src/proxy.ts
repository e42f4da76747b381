import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/security-headers";

/**
 * Every page gets a Content-Security-Policy with a fresh nonce. Next reads the policy from the
 * request's headers and puts the nonce on the scripts it renders; the layout reads `x-nonce` for
 * the theme's boot script and the product page for its JSON-LD. The other security headers are
 * set by server.ts for every answer.
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV !== "production" });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
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
