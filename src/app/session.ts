import { cookies } from "next/headers";
import { cache } from "react";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth-rules";
import { sessionUser, type SessionUser } from "@/server/auth/sessions";
import { cartItemCount } from "@/server/cart/cart";
import { getDb } from "@/server/db";
import { loadSiteSettings } from "./site-settings";

/** The signed-in user of this request (from the session cookie), or null; once per render. */
export const loadSessionUser = cache(async (): Promise<(SessionUser & { sessionId: number }) | null> => {
  const jar = await cookies();
  const token = jar.get(SECURE_SESSION_COOKIE)?.value ?? jar.get(SESSION_COOKIE)?.value;
  if (!token) return null;
  try {
    const settings = await loadSiteSettings();
    return await sessionUser(await getDb(), token, settings.security.sessionTimeout);
  } catch (error) {
    console.error("session check failed:", error instanceof Error ? error.message : error);
    return null;
  }
});

/** Items in the signed-in shopper's cart, for the header badge's first paint. */
export async function loadCartCount(userId: number): Promise<number> {
  try {
    return await cartItemCount(await getDb(), userId);
  } catch {
    return 0;
  }
}
