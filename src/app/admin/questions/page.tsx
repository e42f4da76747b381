import type { Metadata } from "next";
import { QuestionModeration } from "@/components/admin/question-moderation";
import { ListPage } from "@/components/admin/list-page";
import { Field, Select } from "@/components/ui/form";
import { pagedHref } from "@/lib/paged-href";
import { MODERATION_STATUSES, type ModerationStatus } from "@/lib/reviews";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getTranslator } from "../../i18n";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.questions");
  return { title: t("meta"), robots: { index: false } };
}

type Search = { status?: string; reported?: string; page?: string };

/** Product questions to moderate and answer: reported first, then the waiting ones (oldest first), then the rest. */
export default async function AdminQuestionsPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/questions");
  const [query, t] = await Promise.all([searchParams, getTranslator("admin.questions")]);
  const status = (MODERATION_STATUSES as readonly string[]).includes(query.status ?? "") ? (query.status as ModerationStatus) : undefined;
  const reported = query.reported === "1" ? true : undefined;
  const page = Math.max(1, Math.min(4_000, Number.parseInt(query.page ?? "1", 10) || 1));
  const { questions, total } = await (await getServices()).questions.adminList({ status, reported, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <ListPage
      back={{ href: "/admin", label: t("toAdmin") }}
      title={t("title")}
      intro={t("intro")}
      width="narrow"
      filter={{
        action: "/admin/questions",
        label: t("filterLabel"),
        submitLabel: t("apply"),
        children: (
          <>
            <Field id="status" label={t("status")} className="flex-1">
              {(control) => (
                <Select {...control} name="status" defaultValue={status ?? ""} compact>
                  <option value="">{t("allStatuses")}</option>
                  {MODERATION_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(`statuses.${s}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <label className="flex items-center gap-2 pb-2">
              <input type="checkbox" name="reported" value="1" defaultChecked={reported} />
              {t("reportedOnly")}
            </label>
          </>
        ),
      }}
      count={t("count", { count: total })}
      pager={{
        label: t("pages"),
        page,
        pages,
        href: (n) => pagedHref("/admin/questions", { status, reported: reported ? "1" : undefined }, n),
        text: { previous: t("previous"), next: t("next"), position: t("pageOf", { page, pages }) },
      }}
    >
      {questions.length === 0 ? (
        <p className="text-sm text-[var(--muted-fg)]">{t("none")}</p>
      ) : (
        <ul className="space-y-3">
          {questions.map((q) => (
            <QuestionModeration key={q.id} question={q} />
          ))}
        </ul>
      )}
    </ListPage>
  );
}
