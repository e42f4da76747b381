/** What one pass of an outbox's drain reports. */
export interface OutboxPass {
  sent: number;
  failed: number;
  dead: number;
}

/**
 * The background side of a durable outbox (the mail outbox, the text-message outbox): drains it
 * every interval, logs a pass that left failures, prunes old rows now and then, and on stop sends
 * what is due within a bound. The timer never keeps the process alive.
 */
export function createOutboxWorker(options: {
  /** names the outbox in log lines */
  name: string;
  drain: () => Promise<OutboxPass>;
  /** a pass is under way (a caller's drain): the timer's pass is skipped, not queued behind it */
  busy: () => boolean;
  prune: () => Promise<unknown>;
  pruneEveryMs: number;
  log: (line: string) => void;
}) {
  const { name, drain, busy, prune, pruneEveryMs, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  async function tick(): Promise<void> {
    if (busy()) return;
    const result = await drain();
    if (result.failed || result.dead) log(`${name}: ${result.sent} sent, ${result.failed} to retry, ${result.dead} dead`);
    if (Date.now() - lastPrune > pruneEveryMs) {
      lastPrune = Date.now();
      await prune();
    }
  }

  return {
    /** Drains every `intervalMs` in the background. */
    start(intervalMs: number): void {
      if (timer) return;
      timer = setInterval(() => void tick().catch((error: unknown) => console.error(`${name} drain failed:`, error)), intervalMs);
      timer.unref();
    },

    /** Stops the background drain; with `flushMs`, first sends what is due, waiting at most that long. */
    async stop(flushMs = 0): Promise<void> {
      const wasRunning = timer !== null;
      if (timer) clearInterval(timer);
      timer = null;
      if (!wasRunning) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        drain().catch(() => undefined),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, flushMs);
        }),
      ]);
      clearTimeout(timeout);
    },
  };
}
