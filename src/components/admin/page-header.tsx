import Link from "next/link";

/** The top of an admin page: the way back, the title and what the page is for. */
export function AdminPageHeader({ back, title, intro }: { back: { href: string; label: string }; title: string; intro?: React.ReactNode }) {
  return (
    <>
      <p className="text-sm">
        <Link href={back.href} className="text-brand hover:underline">
          {back.label}
        </Link>
      </p>
      <h1 className="text-xl font-bold break-words">{title}</h1>
      {intro && <p className="mb-4 text-sm text-[var(--muted-fg)]">{intro}</p>}
    </>
  );
}
