import type { Locale } from "@/lib/locale";
import type { Messages } from "@/messages";

/** Message keys and their ICU arguments are checked by the compiler against the English catalogue. */
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
