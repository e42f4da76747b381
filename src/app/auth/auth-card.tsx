/** The frame of the /auth pages: a centred card with a title. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto my-8 w-[min(28rem,calc(100vw-1.5rem))] rounded-xl border border-[var(--border)] p-5">
      <h1 className="mb-4 text-xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
