import { notFound } from "next/navigation";
import { loadProduct } from "./load-product";

/**
 * An unknown product is a real 404: decided here, before the page's loading skeleton streams
 * (a notFound() thrown inside that boundary would arrive after a 200 status had been sent).
 */
export default async function ProductLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  if (!(await loadProduct((await params).slug))) notFound();
  return children;
}
