import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { loadSessionUser } from "../session";

export const metadata: Metadata = { robots: { index: false } };

/** The profile is the account page: a signed-in shopper goes there, a guest signs in on the way to it. */
export default async function ProfilePage() {
  const user = await loadSessionUser();
  redirect(user ? "/account" : `/auth/login?redirect=${encodeURIComponent("/account")}`);
}
