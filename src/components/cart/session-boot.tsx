"use client";

import { useLayoutEffect } from "react";
import { serverCart, signedInStore } from "./cart-store";

/** Tells the client islands whether the page was rendered for a signed-in shopper. */
export function SessionBoot({ signedIn }: { signedIn: boolean }) {
  useLayoutEffect(() => {
    signedInStore.set(signedIn);
    if (!signedIn) serverCart.set(null);
  }, [signedIn]);
  return null;
}
