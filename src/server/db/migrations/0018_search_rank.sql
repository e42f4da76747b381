CREATE TABLE "search_rank" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"popularity" integer NOT NULL,
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"price" integer NOT NULL,
	"stock_quantity" integer NOT NULL,
	"name_vector" "tsvector" NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_rank_vector_idx" ON "search_rank" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "search_rank_name_vector_idx" ON "search_rank" USING gin ("name_vector");