import { Button } from "../ui/button";
/**
 * The sandbox's three answers to a payment request, as plain HTML forms posting to the API: the
 * page works without script (a slow phone on a slow network still gets through), and the API
 * answers a form post with a redirect back to the page, which then shows the outcome.
 */
export function SandboxDecisions({
  reference,
  labels,
  orderToken,
}: {
  reference: string;
  labels: { confirm: string; decline: string; expire: string };
  /** a guest's payment: its order's signed-link token, which stands for the sign-in a guest lacks */
  orderToken?: string;
}) {
  const action = (decision: "confirm" | "decline" | "expire") =>
    orderToken
      ? `/api/guest-orders/${encodeURIComponent(orderToken)}/sandbox/${encodeURIComponent(reference)}/${decision}`
      : `/api/payments/sandbox/${encodeURIComponent(reference)}/${decision}`;
  const base = "w-full rounded-lg px-4 py-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <div className="grid gap-3">
      <form method="post" action={action("confirm")}>
        <Button type="submit" size="lg" block className="text-base" data-testid="sandbox-confirm">
          {labels.confirm}
        </Button>
      </form>
      <form method="post" action={action("decline")}>
        <Button type="submit" size="lg" block variant="secondary" className="text-base" data-testid="sandbox-decline">
          {labels.decline}
        </Button>
      </form>
      <form method="post" action={action("expire")}>
        <button type="submit" className={`${base} text-[var(--muted-fg)] underline`} data-testid="sandbox-expire">
          {labels.expire}
        </button>
      </form>
    </div>
  );
}
