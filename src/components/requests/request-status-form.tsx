"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { REQUEST_STATUSES, type RequestStatus } from "@/lib/requests";
import { FormMessage } from "../ui/form";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";

/** The admin's status choice for one request (new, in progress, answered, closed), saved at once. */
export function RequestStatusForm({
  id,
  status,
  labels,
}: {
  id: number;
  status: RequestStatus;
  labels: { changeStatus: string; save: string; saved: string };
}) {
  const t = useTranslations("requests.statuses");
  const [value, setValue] = useState<RequestStatus>(status);
  const selectId = `request-status-${id}`;
  const save = useFormAction(
    async () => {
      const { request } = await api.adminRequests.setStatus(id, value);
      setValue(request.status);
      return { ok: true, message: labels.saved };
    },
    { failure: labels.changeStatus },
  );
  return (
    <form onSubmit={save.submit} className="flex flex-wrap items-end gap-2 text-sm">
      <div>
        <label htmlFor={selectId} className="block font-medium">
          {labels.changeStatus}
        </label>
        <select
          id={selectId}
          value={value}
          onChange={(e) => setValue(e.target.value as RequestStatus)}
          className="mt-1 h-10 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2"
        >
          {REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(s)}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton busy={save.busy}>{labels.save}</SubmitButton>
      <div className="w-full">
        <FormMessage message={save.message} />
      </div>
    </form>
  );
}
