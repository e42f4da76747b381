"use client";

import { Download, MonitorSmartphone } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { Button } from "../ui/button";

/** The event Chromium-based browsers fire when the site can be installed (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

const STANDALONE = "(display-mode: standalone)";
/** Whether the page runs as the installed app (its own window), followed as it changes. */
function subscribeStandalone(onChange: () => void) {
  const query = window.matchMedia(STANDALONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
const isStandalone = () => window.matchMedia(STANDALONE).matches;
const notOnServer = () => false;

/**
 * The footer's "install the web app": what exists is an installable web app (manifest, icons,
 * offline page), not a store app. Where the browser offers installing, the button asks it to;
 * elsewhere (Safari, Firefox, before the browser has decided) it says where the browser's own
 * "add to home screen" is; once installed it says so.
 */
export function InstallApp({ companyName }: { companyName: string }) {
  const t = useTranslations("pages.install");
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const standalone = useSyncExternalStore(subscribeStandalone, isStandalone, notOnServer);
  const [justInstalled, setInstalled] = useState(false);
  const installed = standalone || justInstalled;

  useEffect(() => {
    const offer = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const done = () => {
      setInstalled(true);
      setPrompt(null);
    };
    window.addEventListener("beforeinstallprompt", offer);
    window.addEventListener("appinstalled", done);
    return () => {
      window.removeEventListener("beforeinstallprompt", offer);
      window.removeEventListener("appinstalled", done);
    };
  }, []);

  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === "accepted") setInstalled(true);
    setPrompt(null);
  };

  return (
    <div>
      <p id="footer-install" className="flex items-center gap-2 font-semibold">
        <MonitorSmartphone className="h-5 w-5 text-brand" aria-hidden />
        {t("title")}
      </p>
      <p className="mt-1 text-[var(--muted-fg)]">{t("text", { company: companyName })}</p>
      {installed ? (
        <p className="mt-2 font-medium" role="status">
          {t("installed")}
        </p>
      ) : prompt ? (
        <Button onClick={install} className="mt-2">
          <Download className="h-4 w-4" aria-hidden />
          {t("button")}
        </Button>
      ) : (
        <p className="mt-2 text-[var(--muted-fg)]">{t("howTo")}</p>
      )}
    </div>
  );
}
