-- drizzle-kit does not emit extensions; pg_trgm gives typo-tolerant matching on names and the search lexicon.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
