/**
 * The look of a text box or a select: 16px text and 44px height on a phone (smaller text makes iOS
 * zoom in on focus), the desktop's 14px and 40px from the sm breakpoint; red when marked invalid.
 */
export const controlClass =
  "mt-1 h-11 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-base sm:h-10 sm:text-sm aria-[invalid=true]:border-red-600";
/** The denser look of the sign-in dialogs and the admin's filter forms: 40px and 14px everywhere. */
export const compactControlClass =
  "mt-1 h-10 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-sm aria-[invalid=true]:border-red-600";
/** A multi-line box: the text box's look without its fixed height. */
export const textareaClass =
  "mt-1 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 py-2 text-base sm:text-sm aria-[invalid=true]:border-red-600";
