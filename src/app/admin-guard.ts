import { redirect } from "next/navigation";
import { loadSessionUser } from "./session";

/** Admin pages: a guest is sent to sign in (and back), a signed-in non-admin to the home page. */
export async function requireAdmin(path: string) {
  const user = await loadSessionUser();
  if (!user) redirect(`/auth/login?redirect=${encodeURIComponent(path)}`);
  if (user.role !== "admin") redirect("/");
  return user;
}
