/** A slug: lowercase, every run of non-alphanumerics becomes one hyphen, edge hyphens trimmed. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A product's page: /products/{id}-{slug or name or 'product'}. */
export function productPath(product: { id: number; slug?: string | null; name?: string | null }): string {
  const tail = product.slug || (product.name ? slugify(product.name) : "") || "product";
  return `/products/${product.id}-${tail}`;
}

/** Reads the numeric id from a /products/{id}-{slug} segment; null when it does not start with one. */
export function parseProductIdSegment(segment: string): number | null {
  const match = /^(\d{1,9})(?:-|$)/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}
