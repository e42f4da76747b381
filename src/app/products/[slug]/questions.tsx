import { ProductQuestions } from "@/components/reviews/product-questions";
import { getServices } from "@/server/services";

/**
 * The product page's questions and answers: the public first page read on the server (the same for
 * every visitor, so the cached page stays right until an answer or a moderation drops it), handed
 * to the client section, which reads a signed-in visitor's own copy after hydration.
 */
export async function ProductQuestionsSection({ productId }: { productId: number }) {
  const initial = await (await getServices()).questions.list(productId, { limit: 10, offset: 0 }, null);
  return <ProductQuestions productId={productId} initial={initial} />;
}
