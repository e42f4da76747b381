import { cache } from "react";
import { parseProductIdSegment } from "@/lib/slug";
import { getServices } from "@/server/services";

/** The product of a /products/{id}-{slug} segment, once per request (the layout, the metadata and the page share it), from the cache a catalogue write clears. */
export const loadProduct = cache(async (segment: string) => {
  const id = parseProductIdSegment(segment);
  return id ? (await getServices()).pageData.product(id) : null;
});
