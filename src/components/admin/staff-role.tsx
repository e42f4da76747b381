"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { toast } from "../ui/toaster";

/**
 * Makes an account a rider (who sees and marks only the pay-on-delivery orders assigned to them),
 * or a shopper again. Not offered for an admin: admins are made otherwise.
 */
export function StaffRoleControl({ userId, name, role }: { userId: number; name: string; role: "user" | "rider" }) {
  const t = useTranslations("delivery.role");
  const router = useRouter();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useRef(false);
  const next = role === "rider" ? "user" : "rider";

  async function change() {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await api.adminDeliveries.setRole(userId, next);
      toast({ title: t(next === "rider" ? "madeRider" : "madeShopper", { name }) });
      router.refresh();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2 text-sm" data-testid="staff-role">
      <p className="text-[var(--muted-fg)]">{t("riderText")}</p>
      <Button
        variant={role === "rider" ? "secondary" : "primary"}
        size="sm"
        onClick={() => void change()}
        busy={busy}
        busyText={t(next === "rider" ? "makeRider" : "makeShopper")}
      >
        {t(next === "rider" ? "makeRider" : "makeShopper")}
      </Button>
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem}
        </p>
      )}
    </div>
  );
}
