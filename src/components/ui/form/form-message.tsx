import type { ReactNode } from "react";

/** A form's outcome as it shows: an error or a success text (useFormAction's `message`). */
export type FormNotice = { tone: "error" | "success"; text: string } | null;

/** A form's outcome: an alert for an error, a polite status for a success. */
export function FormMessage({ message, children }: { message: FormNotice; children?: ReactNode }) {
  if (!message) return null;
  const tone =
    message.tone === "error"
      ? "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
      : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100";
  return (
    <div role={message.tone === "error" ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ${tone}`}>
      {message.text}
      {children}
    </div>
  );
}
