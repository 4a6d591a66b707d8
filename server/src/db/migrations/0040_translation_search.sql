-- Search finds words in approved translations: the text of a translation written in the app is
-- indexed as it is stored; a translation uploaded as a file has its text read by the document
-- workers like an attachment's (file_texts). Files added before are queued for reading now.
ALTER TABLE "sop_translations" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (strip(to_tsvector('english', coalesce("content", '')))) STORED;
--> statement-breakpoint
CREATE INDEX "sop_translations_search_idx" ON "sop_translations" USING gin ("search_vector") WITH (fastupdate = off);
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload")
	SELECT DISTINCT 'extract-text', 'file:' || t."sha256", jsonb_build_object('sha256', t."sha256")
	FROM "sop_translations" t
	WHERE t."sha256" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "file_texts" f WHERE f."sha256" = t."sha256")
ON CONFLICT ("kind", "key") DO NOTHING;
