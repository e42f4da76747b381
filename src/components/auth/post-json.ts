"use client";

export class RequestTimeout extends Error {}
export class NetworkFailure extends Error {}

/** POST JSON with a time limit; the answer's body is read whatever the status. */
export async function postJson<T = Record<string, unknown>>(url: string, body: unknown, timeoutMs = 10_000): Promise<{ status: number; body: T }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: controller.signal, credentials: "same-origin" });
    const data = (await res.json().catch(() => ({}))) as T;
    return { status: res.status, body: data };
  } catch (error) {
    if (controller.signal.aborted) throw new RequestTimeout("timeout");
    throw new NetworkFailure(error instanceof Error ? error.message : "network");
  } finally {
    clearTimeout(timer);
  }
}
