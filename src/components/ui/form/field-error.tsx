/** The id of a field's error text, which its control names in aria-describedby. */
export const errorIdOf = (id: string) => `${id}-error`;
/** The id of a field's hint, which its control names in aria-describedby. */
export const hintIdOf = (id: string) => `${id}-hint`;

/** A field's error, under its control; nothing while there is none. */
export function FieldError({ id, text }: { id: string; text?: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {text}
    </p>
  );
}
