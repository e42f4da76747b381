"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { TWO_FACTOR_FLAGS } from "@/lib/two-factor";
import { showServerCart, signedInStore } from "../cart/cart-store";
import { toast } from "../ui/toaster";

/** Signs out: ends the session on the server, switches the cart to the guest's at once, says so. */
export function useSignOut() {
  const router = useRouter();
  const t = useTranslations("common.account");
  return async () => {
    try {
      await api.auth.logout();
      sessionStorage.removeItem(TWO_FACTOR_FLAGS.pending);
      sessionStorage.removeItem(TWO_FACTOR_FLAGS.verified);
      // the badge and adds switch to the guest cart at once, not when the page re-renders
      signedInStore.set(false);
      showServerCart(null);
      toast({ title: t("signedOutTitle"), description: t("signedOutText") });
      router.refresh();
    } catch {
      toast({ title: t("signOutErrorTitle"), description: t("signOutErrorText"), variant: "destructive" });
    }
  };
}
