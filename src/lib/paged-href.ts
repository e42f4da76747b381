/**
 * A paged list's address: its filters in the given order (empty ones left out) and the page number
 * (left out on the first page), so every list links to its pages the same way and page 1 has one URL.
 */
export function pagedHref(path: string, filters: Record<string, string | undefined | null>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
