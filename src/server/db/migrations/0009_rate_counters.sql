CREATE TABLE IF NOT EXISTS "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
