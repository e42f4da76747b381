/** The frame of the shop's text pages (about, help, policies): one heading, readable measure, prose spacing. */
export function PageFrame({ title, lead, children }: { title: string; lead?: React.ReactNode; children: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 text-[15px] leading-relaxed [&_a]:text-brand [&_a]:underline-offset-2 hover:[&_a]:underline [&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_p]:mb-3">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {lead && <p className="mt-3 text-base text-[var(--muted-fg)]">{lead}</p>}
      {children}
    </article>
  );
}

/** A bulleted list of the page's points. */
export function Points({ items }: { items: React.ReactNode[] }) {
  return (
    <ul className="mb-3 space-y-1.5">
      {items.map((item, i) => (
        <li key={i} className="ml-5 list-disc">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A two- or three-column table that scrolls sideways on a narrow phone rather than squeezing. */
export function InfoTable({ caption, head, rows }: { caption?: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <div className="mb-4 overflow-x-auto rounded-lg border border-[var(--border)]">
      <table className="w-full text-left text-sm">
        {caption && <caption className="px-3 pt-3 text-left font-semibold">{caption}</caption>}
        <thead className="bg-[var(--surface)]">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className="border-t border-[var(--border)] align-top">
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="px-3 py-2 font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={j} className="px-3 py-2">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
