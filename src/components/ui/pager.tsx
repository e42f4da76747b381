import Link from "next/link";

/** Previous / "page n of m" / next links under a paged list; nothing when there is one page. */
export function Pager({
  label,
  page,
  pages,
  href,
  text,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  text: { previous: string; next: string; position: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className="font-semibold text-brand hover:underline">
          {text.previous}
        </Link>
      ) : (
        <span />
      )}
      <span>{text.position}</span>
      {page < pages ? (
        <Link href={href(page + 1)} className="font-semibold text-brand hover:underline">
          {text.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
