import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, securityHeaders } from "./security-headers";

describe("security headers", () => {
  it("sets HSTS only over https and allows the camera to the shop alone", () => {
    expect(securityHeaders(false)).not.toHaveProperty("strict-transport-security");
    expect(securityHeaders(true)["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
    const policy = securityHeaders(false)["permissions-policy"]!;
    expect(policy).toContain("camera=(self)");
    expect(policy).toContain("microphone=()");
    expect(policy).toContain("geolocation=()");
    expect(securityHeaders(false)["x-content-type-options"]).toBe("nosniff");
  });

  it("allows scripts only with the nonce, never unsafe-inline or eval in production", () => {
    const nonce = newNonce();
    const csp = contentSecurityPolicy(nonce);
    const scripts = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scripts).toContain(`'nonce-${nonce}'`);
    expect(scripts).not.toContain("unsafe-inline");
    expect(scripts).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy(nonce, { dev: true })).toContain("'unsafe-eval'");
  });

  it("makes a new unguessable nonce every time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });
});
