-- Reports of product questions, one per question and person: a second report by the same shopper
-- changes nothing, so one person cannot push a question to the top of the admin's list alone.
CREATE TABLE IF NOT EXISTS "question_reports" (
  "question_id" integer NOT NULL REFERENCES "product_questions"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("question_id", "user_id")
);
