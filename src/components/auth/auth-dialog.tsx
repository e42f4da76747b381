"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { Dialog, DialogContent } from "../ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";
import { authDialog } from "./auth-dialog-state";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

/** 'Welcome to {company}': sign in and register in one dialog, which any page or menu can open. */
export function AuthDialog({ companyName }: { companyName: string }) {
  const { open, tab, redirect } = authDialog.use();
  const router = useRouter();
  const t = useTranslations("auth.dialog");
  const close = () => authDialog.set((s) => ({ ...s, open: false }));
  const setTab = (next: string) => authDialog.set((s) => ({ ...s, tab: next === "register" ? "register" : "login" }));

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? authDialog.set((s) => ({ ...s, open: true })) : close())}>
      <DialogContent
        title={t("title", { company: companyName })}
        description={t("description")}
        hideDescription
        className="top-[5dvh] max-h-[90dvh] w-[min(28rem,calc(100vw-1.5rem))] overflow-y-auto"
      >
        <Tabs value={tab} onValueChange={setTab} className="mt-3">
          <TabsList aria-label={t("tabs")}>
            <TabsTrigger value="login">{t("signInTab")}</TabsTrigger>
            <TabsTrigger value="register">{t("registerTab")}</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <h2 className="mb-3 text-base font-semibold">{t("signInHeading")}</h2>
            <LoginForm
              redirect={redirect}
              onSwitch={() => setTab("register")}
              onSignedIn={(to) => {
                close();
                if (redirect) router.push(to);
                router.refresh();
              }}
            />
          </TabsContent>
          <TabsContent value="register">
            <h2 className="mb-3 text-base font-semibold">{t("registerHeading")}</h2>
            <RegisterForm companyName={companyName} onDone={close} onSwitch={() => setTab("login")} inDialog redirect={redirect} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
