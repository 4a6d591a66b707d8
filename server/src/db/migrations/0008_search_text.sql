-- Search inside the files: the text of every stored PDF, Word (docx) and plain-text file,
-- once per stored file (content addressed by SHA-256), with its own search vector. A file's
-- row exists once extraction finished: `ready` with its text, or `failed` (kept, so a file
-- that cannot be read is never tried again). Files without a row are pending.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "file_texts" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL REFERENCES "stored_files"("sha256") ON DELETE CASCADE,
	"status" varchar(16) NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"error" text,
	"search_vector" tsvector,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_texts_status_check" CHECK ("status" IN ('ready', 'failed')),
	CONSTRAINT "file_texts_text_length_check" CHECK (char_length("text") <= 200000)
);
--> statement-breakpoint
CREATE INDEX "file_texts_search_idx" ON "file_texts" USING gin ("search_vector");
--> statement-breakpoint
-- Typo-tolerant titles: every word (letters only, three or more) any title has held, kept by
-- a trigger, with a trigram index. A search word one or two typos away from one of them
-- ('tendr' -> 'tender') searches the titles for that word; the list of words stays small
-- (a fleet's vocabulary, not its titles), so the lookup stays fast. Words of titles since
-- renamed stay: they find nothing.
CREATE TABLE "title_words" (
	"word" varchar(100) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "title_words_trgm_idx" ON "title_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION "remember_title_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "title_words" ("word")
		SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW."title"), '[^[:alpha:]]+') w WHERE char_length(w) BETWEEN 3 AND 100
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sops_title_words" AFTER INSERT OR UPDATE OF "title" ON "sops" FOR EACH ROW EXECUTE FUNCTION "remember_title_words"();
--> statement-breakpoint
INSERT INTO "title_words" ("word")
	SELECT DISTINCT w FROM "sops", regexp_split_to_table(lower("sops"."title"), '[^[:alpha:]]+') w WHERE char_length(w) BETWEEN 3 AND 100
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The version in force of every SOP (the newest published one), read by the list and search;
-- it replaces 0007's index of the same name with one that also carries approved_at.
DROP INDEX IF EXISTS "sop_versions_published_idx";--> statement-breakpoint
CREATE INDEX "sop_versions_published_idx" ON "sop_versions" ("sop_id", "id" DESC) INCLUDE ("approved_at") WHERE "is_published";
--> statement-breakpoint
-- A file's text arriving changes what a search answers: the list's ETag moves with it.
CREATE CONSTRAINT TRIGGER "file_texts_data_version" AFTER INSERT OR UPDATE OR DELETE ON "file_texts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();
--> statement-breakpoint
-- The backfill: one durable extraction job per stored file that an attachment of an earlier
-- release points at; the job runners work through them after the upgrade.
INSERT INTO "jobs" ("kind", "key", "payload")
	SELECT DISTINCT 'extract-text', 'file:' || a."sha256", jsonb_build_object('sha256', a."sha256")
	FROM "attachments" a
	WHERE a."sha256" IS NOT NULL
		AND a."mime_type" IN ('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain')
ON CONFLICT ("kind", "key") DO NOTHING;
