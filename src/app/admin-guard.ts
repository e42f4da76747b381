import { redirect } from "next/navigation";
import { getServices } from "@/server/services";
import { loadSessionUser } from "./session";

/**
 * Admin pages: a guest is sent to sign in (and back), a signed-in non-admin to the home page, and an
 * admin who must still set up two-step sign-in to that part of the account page.
 */
export async function requireAdmin(path: string) {
  const user = await loadSessionUser();
  if (!user) redirect(`/auth/login?redirect=${encodeURIComponent(path)}`);
  if (user.role !== "admin") redirect("/");
  if (await (await getServices()).auth.mustEnrolTwoFactor(user)) redirect("/account/settings?notice=two-factor-required#two-factor");
  return user;
}
