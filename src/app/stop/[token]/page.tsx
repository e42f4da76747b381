import type { Metadata } from "next";
import { StopMessages } from "@/components/account/stop-messages";
import { maskPhone } from "@/lib/sms/mask";
import { getServices } from "@/server/services";
import { AuthCard } from "../../auth/auth-card";
import { getTranslator } from "../../i18n";

type Params = { params: Promise<{ token: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("account.meta");
  // the token is the link's secret: it must not travel on in a Referer
  return { title: t("stop"), robots: { index: false }, referrer: "no-referrer" };
}

/** The token as written in the address; a malformed escape is kept as it is (and simply is no valid token). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A text message's opt-out link: the (masked) number it speaks for and one button that stops every
 * message to it. A GET changes nothing: chat apps and link previewers fetch links before anyone
 * taps them. A link whose signature is not the shop's says so and offers nothing to press.
 */
export default async function StopMessagesPage({ params }: Params) {
  const [{ token: raw }, t] = await Promise.all([params, getTranslator("account.stop")]);
  const token = decoded(raw);
  const phone = await (await getServices()).links.phoneFromOptOutToken(token);
  return (
    <AuthCard title={t("title")}>
      {phone ? (
        <div className="space-y-3">
          <p className="text-sm" data-testid="stop-number">
            {t("intro", { phone: maskPhone(phone) })}
          </p>
          <p className="text-sm text-[var(--muted-fg)]">{t("codes")}</p>
          <StopMessages token={token} phone={maskPhone(phone)} />
        </div>
      ) : (
        <p role="alert" className="text-sm" data-testid="stop-invalid">
          {t("invalid")}
        </p>
      )}
    </AuthCard>
  );
}
