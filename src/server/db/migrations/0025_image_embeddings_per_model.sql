-- Vectors are kept per image and embedder, so a search keeps using the previous embedder's vectors
-- while a new embedder's are being computed.
ALTER TABLE "image_embeddings" DROP CONSTRAINT "image_embeddings_pkey";--> statement-breakpoint
ALTER TABLE "image_embeddings" ADD CONSTRAINT "image_embeddings_image_model_pk" PRIMARY KEY("image","model");
