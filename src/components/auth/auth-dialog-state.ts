"use client";

import { createStore } from "../stores/create-store";

export type AuthTab = "login" | "register";
export const authDialog = createStore<{ open: boolean; tab: AuthTab; redirect: string | null }>({ open: false, tab: "login", redirect: null });

/** Opens the sign-in / registration dialog from anywhere, with an optional place to go after. */
export function openAuthDialog(tab: AuthTab, redirect: string | null = null): void {
  authDialog.set({ open: true, tab, redirect });
}
