import { browserAndSystem } from "@/lib/user-agent";
import { serverTranslator } from "./request-intl";

/**
 * A browser's User-Agent as people say it, in this request's language: "Chrome on Linux",
 * "Chrome kwenye Linux"; `unknown` (else "Unknown browser") when it names no browser or system.
 */
export function deviceName(userAgent: string | null | undefined, unknown?: string): string {
  const t = serverTranslator("common.device");
  const { browser, system } = browserAndSystem(userAgent);
  if (browser && system) return t("browserOnSystem", { browser, system });
  if (browser) return browser;
  if (system) return t("systemOnly", { system });
  return unknown ?? t("unknown");
}
