/** Class lists shared by the Radix menus, so every popup looks and focuses alike. */
export const menuContent = "z-50 min-w-44 rounded-lg border border-[var(--border)] bg-[var(--page-bg)] p-1 text-sm text-[var(--page-fg)] shadow-lg";
export const menuItem =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 outline-none data-[highlighted]:bg-[var(--surface)] data-[highlighted]:text-brand";
export const iconButton = "flex h-10 w-10 shrink-0 items-center justify-center rounded-lg hover:bg-[var(--surface)]";
