-- The pages of a PDF's text: the text keeps them apart with a form feed and `pages` counts
-- them, so two versions of a file can be compared page by page. Null for Word and text files.
ALTER TABLE "file_texts" ADD COLUMN "pages" integer;
--> statement-breakpoint
-- A PDF read before is read again in a document worker, keeping its text (and its search)
-- until the text with pages replaces it; until then a comparison reads it as one text.
INSERT INTO "jobs" ("kind", "key", "payload")
	SELECT DISTINCT 'extract-text', 'file:' || t."sha256", jsonb_build_object('sha256', t."sha256", 'pages', true)
	FROM "file_texts" t
	JOIN "attachments" a ON a."sha256" = t."sha256"
	WHERE t."status" = 'ready' AND a."mime_type" = 'application/pdf'
ON CONFLICT ("kind", "key") DO UPDATE
	SET "status" = 'queued', "payload" = excluded."payload", "attempts" = 0, "run_after" = now(), "last_error" = NULL,
		"locked_by" = NULL, "locked_until" = NULL, "finished_at" = NULL, "updated_at" = now()
	WHERE "jobs"."status" IN ('done', 'failed');
