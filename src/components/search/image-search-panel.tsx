"use client";

/**
 * The image tab of the search dialog. Search by photo is its own issue (upload, paste, drop, the
 * visual index); until it lands the tab says so plainly instead of pretending to search.
 */
export function ImageSearchPanel({ onBack }: { onBack: () => void; onDone: () => void }) {
  return (
    <div className="rounded-lg border-2 border-dashed border-[var(--border)] p-6 text-center text-sm">
      <p className="font-medium">Search by photo is coming soon.</p>
      <p className="mt-1 text-[var(--muted-fg)]">For now, describe the part in words: a name, a value or a part number.</p>
      <button type="button" onClick={onBack} className="mt-4 text-sm font-semibold text-brand hover:underline">
        ← Back to Text Search
      </button>
    </div>
  );
}
