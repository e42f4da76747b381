import { useRef, useState } from "react";
import { useErrorText } from "../i18n/error-text";

/** What a form's send came to; extra fields (e.g. a flag for a follow-up link) ride along. */
export interface FormResult {
  ok: boolean;
  message: string;
}

/** The message a form shows: a success or an error text (what FormMessage displays). */
export type FormActionMessage = { tone: "error" | "success"; text: string } | null;

export interface FormActionOptions<R extends FormResult> {
  /**
   * When the send throws: a text for a failure the error's code does not explain (the answer's code
   * and reason, a network failure or a time-out are worded by the catalogue, in the page's
   * language); or a function choosing the result (useErrorText words the error there too).
   */
  failure: string | ((error: unknown) => R);
  /** Checks made before sending: a text returned here is shown as an error and nothing is sent. */
  check?: () => string | null | undefined;
  /** Runs after a successful result is shown, while the form is still busy (e.g. clear the fields). */
  onSuccess?: (result: R) => void | Promise<void>;
  /** Shown as an error when the form is sent again before the last send has finished (silent otherwise). */
  busyMessage?: string;
}

/**
 * A form's send: busy while it runs (a second send meanwhile is refused), the last result as a
 * message, cleared when a new send starts. `action` does the request and returns {ok, message}, or throws.
 */
export function useFormAction<R extends FormResult>(action: () => Promise<R>, { failure, check, onSuccess, busyMessage }: FormActionOptions<R>) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<R | FormResult | null>(null);
  const inFlight = useRef(false);
  const errorText = useErrorText();

  const run = async () => {
    if (inFlight.current) {
      if (busyMessage) setResult({ ok: false, message: busyMessage });
      return;
    }
    const problem = check?.();
    if (problem) {
      setResult({ ok: false, message: problem });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setResult(null);
    try {
      const outcome = await action();
      setResult(outcome);
      if (outcome.ok) await onSuccess?.(outcome);
    } catch (error) {
      setResult(typeof failure === "string" ? { ok: false, message: errorText(error, failure) } : failure(error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const message: FormActionMessage = result && { tone: result.ok ? "success" : "error", text: result.message };
  return {
    busy,
    message,
    /** The last result with its extra fields (undefined extras after a check or a busy refusal). */
    result: result as (Partial<R> & FormResult) | null,
    /** Shows a result without sending (e.g. the answer of a secondary button). */
    show: setResult as (result: R | FormResult | null) => void,
    /** The form's onSubmit: prevents the browser's own submit and sends. */
    submit: (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      void run();
    },
  };
}
