import { cookies } from "next/headers";
import { cache } from "react";
import { sessionTokenFrom } from "@/lib/auth-rules";
import type { SignedInUser } from "@/server/auth/auth-service";
import { getServices } from "@/server/services";

/** The signed-in user of this request (from the session cookie), or null; once per render. */
export const loadSessionUser = cache(async (): Promise<SignedInUser | null> => {
  const jar = await cookies();
  try {
    const services = await getServices();
    const token = sessionTokenFrom((name) => jar.get(name)?.value, services.siteUrl.protocol === "https:");
    if (!token) return null;
    return await services.auth.currentUser(token);
  } catch (error) {
    console.error("session check failed:", error instanceof Error ? error.message : error);
    return null;
  }
});

/** Items in the signed-in shopper's cart, for the header badge's first paint. */
export async function loadCartCount(userId: number): Promise<number> {
  try {
    return await (await getServices()).cart.count(userId);
  } catch {
    return 0;
  }
}
