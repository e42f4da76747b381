"use client";

import { Dialog, Tabs } from "radix-ui";
import { X } from "lucide-react";
import { useRouter } from "next/navigation";
import { authDialog } from "./auth-dialog-state";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

/** 'Welcome to {company}': sign in and register in one dialog, openable from anywhere (§2.3). */
export function AuthDialog({ companyName }: { companyName: string }) {
  const { open, tab, redirect } = authDialog.use();
  const router = useRouter();
  const close = () => authDialog.set((s) => ({ ...s, open: false }));
  const setTab = (next: string) => authDialog.set((s) => ({ ...s, tab: next === "register" ? "register" : "login" }));

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? authDialog.set((s) => ({ ...s, open: true })) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-[5vh] z-50 max-h-[90vh] w-[min(28rem,calc(100vw-1.5rem))] -translate-x-1/2 overflow-y-auto rounded-xl bg-[var(--page-bg)] p-5 text-[var(--page-fg)] shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Welcome to {companyName}</Dialog.Title>
          <Dialog.Description className="sr-only">Sign in to your account or create one.</Dialog.Description>
          <Tabs.Root value={tab} onValueChange={setTab} className="mt-3">
            <Tabs.List aria-label="Account" className="flex gap-1 rounded-lg bg-[var(--surface)] p-1 text-sm">
              <Tabs.Trigger value="login" className="flex-1 rounded-md px-3 py-1.5 data-[state=active]:bg-[var(--page-bg)] data-[state=active]:font-semibold data-[state=active]:shadow">
                Sign in
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className="flex-1 rounded-md px-3 py-1.5 data-[state=active]:bg-[var(--page-bg)] data-[state=active]:font-semibold data-[state=active]:shadow">
                Register
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login" className="mt-4">
              <h2 className="mb-3 text-base font-semibold">Sign In to Your Account</h2>
              <LoginForm
                redirect={redirect}
                onSwitch={() => setTab("register")}
                onSignedIn={(to) => {
                  close();
                  if (redirect) router.push(to);
                  router.refresh();
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="register" className="mt-4">
              <h2 className="mb-3 text-base font-semibold">Create Your Account</h2>
              <RegisterForm onDone={close} onSwitch={() => setTab("login")} />
            </Tabs.Content>
          </Tabs.Root>
          <Dialog.Close aria-label="Close" className="absolute right-3 top-3 rounded p-1 hover:bg-[var(--surface)]">
            <X className="h-4 w-4" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
