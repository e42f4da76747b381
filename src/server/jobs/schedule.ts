import { inProcessJobQueue, pgBossJobQueue, type JobQueue, type JobSpec } from "./jobs";

/** How often the image index looks for product images that changed in another process. */
const IMAGE_SYNC_INTERVAL_MS = 60_000;
/** How often merge ids older than a retry can come, and expired security records, are deleted. */
const PRUNE_INTERVAL_MS = 60 * 60_000;
/** How often unpaid orders past their hold are cancelled and their stock released. */
const ORDER_EXPIRY_INTERVAL_MS = 60_000;
/** How often sold orders' delivery promises are checked against the shop's calendar (a slip is told once). */
const DELIVERY_SLIP_INTERVAL_MS = 15 * 60_000;
/** How often delivered orders are looked at for review invitations (each invited once, days after delivery). */
const REVIEW_INVITE_INTERVAL_MS = 30 * 60_000;
/** How often back-orders get stock left on the shelf, and those whose refund-by date is missed are cancelled and refunded. */
const BACK_ORDER_REFUND_INTERVAL_MS = 15 * 60_000;

/** The work the schedule runs, as the services do it. */
export interface ScheduledWork {
  /** embeds product images no vector has yet (other servers' uploads too) */
  syncImages(): Promise<unknown>;
  /** deletes cart merge ids older than a retry can come */
  pruneCartMerges(): Promise<unknown>;
  /** deletes old security records (the retention periods the data-protection page states) */
  pruneSecurityRecords(): Promise<unknown>;
  /** cancels unpaid orders past their hold */
  expireUnpaidOrders(): Promise<unknown>;
  /** moves the delivery promises of sold orders that can no longer be kept, and tells their shoppers */
  recordDeliverySlips(): Promise<unknown>;
  /** allocates shelf stock to waiting back-order lines, and cancels and refunds the waiting part of those whose refund-by date is missed */
  refundSlippedBackOrders(): Promise<unknown>;
  /** invites the buyers of orders delivered `reviews.inviteAfterDays` days ago to review what they bought */
  inviteReviews(): Promise<unknown>;
}

/** Which jobs run, and how often. `image-sync` is also asked for at once when a picture is added. */
export function jobSchedule(work: ScheduledWork): JobSpec[] {
  return [
    { name: "image-sync", everyMs: IMAGE_SYNC_INTERVAL_MS, run: async () => void (await work.syncImages()) },
    {
      name: "prune-expired",
      everyMs: PRUNE_INTERVAL_MS,
      run: async () => {
        await work.pruneCartMerges();
        await work.pruneSecurityRecords();
      },
    },
    { name: "order-expiry", everyMs: ORDER_EXPIRY_INTERVAL_MS, run: async () => void (await work.expireUnpaidOrders()) },
    { name: "delivery-slips", everyMs: DELIVERY_SLIP_INTERVAL_MS, run: async () => void (await work.recordDeliverySlips()) },
    { name: "back-order-refunds", everyMs: BACK_ORDER_REFUND_INTERVAL_MS, run: async () => void (await work.refundSlippedBackOrders()) },
    { name: "review-invites", everyMs: REVIEW_INVITE_INTERVAL_MS, run: async () => void (await work.inviteReviews()) },
  ];
}

/**
 * The periodic background work on its queue. On PostgreSQL through DATABASE_URL a pg-boss queue
 * runs each job once across all app servers; otherwise (the embedded database, one process) this
 * process runs them. A stop waits for a running job (bounded) instead of cutting it off.
 */
export function scheduleJobs(options: {
  /** DATABASE_URL when the shop runs on PostgreSQL; absent, the jobs run in this process */
  databaseUrl: string | null;
  work: ScheduledWork;
  log: (line: string) => void;
  onFailure: (job: string, error: unknown) => void;
}): JobQueue {
  const queueOptions = { jobs: jobSchedule(options.work), log: options.log, onFailure: options.onFailure };
  return options.databaseUrl ? pgBossJobQueue(options.databaseUrl, queueOptions) : inProcessJobQueue(queueOptions);
}
