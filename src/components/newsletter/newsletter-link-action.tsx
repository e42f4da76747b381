"use client";

import { api } from "@/lib/api-client";
import { NEWSLETTER_TEXT } from "@/lib/newsletter";
import { FormMessage, SubmitButton } from "../auth/fields";
import { useFormAction } from "../ui/use-form-action";

const ACTIONS = {
  confirm: { button: "Confirm my subscription", busy: "Confirming…", call: api.newsletter.confirm },
  unsubscribe: { button: "Unsubscribe", busy: "Unsubscribing…", call: api.newsletter.unsubscribe },
} as const;

/**
 * The button of a newsletter link's page. Opening the link changes nothing (mail scanners fetch
 * links before people click them); pressing the button posts the link's token.
 */
export function NewsletterLinkAction({ token, action }: { token: string; action: keyof typeof ACTIONS }) {
  const { button, busy, call } = ACTIONS[action];
  const form = useFormAction(async () => ({ ok: true, message: (await call(token)).message }), { failure: NEWSLETTER_TEXT.actionFailed });
  const done = form.message?.tone === "success";
  return (
    <form method="post" className="space-y-3" onSubmit={form.submit}>
      <FormMessage message={form.message} />
      {!done && (
        <SubmitButton busy={form.busy} busyText={busy}>
          {button}
        </SubmitButton>
      )}
    </form>
  );
}
