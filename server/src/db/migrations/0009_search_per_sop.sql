-- Search at fleet scale. Every word of the files an SOP is searched by (those of its latest
-- and of its effective version), in one stripped vector per SOP with a GIN index: a search
-- finds the SOPs whose files hold its words through that index, or walks the SOPs newest
-- first and stops at a full page, instead of joining every matching file to its attachments
-- and versions. Derived data: refreshed by the triggers below inside the transaction of every
-- change it depends on, left out of backups (the restore's own writes rebuild it). Searches
-- still check the files themselves for the rows they answer, so a word that no longer
-- counts (a file removed a moment ago) never shows; the triggers' job is that no word is missing.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
CREATE TABLE "sop_search_files" (
	"sop_id" integer PRIMARY KEY NOT NULL REFERENCES "sops"("id") ON DELETE CASCADE,
	"words" tsvector DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sop_search_files_words_idx" ON "sop_search_files" USING gin ("words") WITH (fastupdate = off);
--> statement-breakpoint
-- Rebuilds the rows of some SOPs. Each row is locked before it is read: refreshes of one SOP
-- take turns, and each (a new statement, so a new snapshot) reads what the one before it committed.
CREATE FUNCTION "refresh_sop_search_files"("sop_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(cardinality(sop_ids), 0) = 0 THEN RETURN; END IF;
	INSERT INTO "sop_search_files" ("sop_id")
		SELECT "id" FROM "sops" WHERE "id" = ANY(sop_ids) ORDER BY "id"
	ON CONFLICT ("sop_id") DO NOTHING;
	PERFORM 1 FROM "sop_search_files" WHERE "sop_id" = ANY(sop_ids) ORDER BY "sop_id" FOR NO KEY UPDATE;
	UPDATE "sop_search_files" f SET "words" = coalesce((
		SELECT array_to_tsvector(array_agg(DISTINCT w))
		FROM "attachments" a
		JOIN "file_texts" ft ON ft."sha256" = a."sha256"
		CROSS JOIN unnest(tsvector_to_array(ft."search_vector")) w
		WHERE a."version_id" IN (s."latest_version_id", (
			SELECT v."id" FROM "sop_versions" v WHERE v."sop_id" = s."id" AND v."is_published" ORDER BY v."id" DESC LIMIT 1))
	), ''::tsvector)
	FROM "sops" s
	WHERE s."id" = f."sop_id" AND f."sop_id" = ANY(sop_ids);
END
$$;
--> statement-breakpoint
-- A new latest version changes which files count.
CREATE FUNCTION "sop_search_files_sops"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "refresh_sop_search_files"(array(SELECT "id" FROM new_rows WHERE "latest_version_id" IS NOT NULL));
	ELSE
		PERFORM "refresh_sop_search_files"(array(
			SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."latest_version_id" IS DISTINCT FROM o."latest_version_id"));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sops_search_files_insert" AFTER INSERT ON "sops" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_sops"();
--> statement-breakpoint
CREATE TRIGGER "sops_search_files_update" AFTER UPDATE ON "sops" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_sops"();
--> statement-breakpoint
-- Which SOPs a change of versions, attachments or file texts touches. The triggers see the
-- rows a statement changed as `changed`: the new rows of an insert, the old rows of a delete,
-- and for an update both (two triggers, one per side).
CREATE FUNCTION "sop_search_files_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	touched integer[];
BEGIN
	IF TG_TABLE_NAME = 'sop_versions' THEN
		-- A version approved (or a published one removed) changes the version in force.
		touched := array(SELECT "sop_id" FROM changed WHERE "is_published");
	ELSIF TG_TABLE_NAME = 'attachments' THEN
		touched := array(SELECT v."sop_id" FROM changed r JOIN "sop_versions" v ON v."id" = r."version_id");
	ELSE
		-- A file's text arrived (or went). The stored files are locked first: FOR UPDATE
		-- conflicts with the key-share lock every insert of an attachment takes on its file, so
		-- an attachment of one of these files still being added elsewhere is waited for and then
		-- seen, and one added after this sees the text when its own trigger reads it. Either way
		-- the SOP gets the words.
		PERFORM 1 FROM "stored_files" WHERE "sha256" IN (SELECT "sha256" FROM changed) ORDER BY "sha256" FOR UPDATE;
		touched := array(SELECT v."sop_id" FROM changed r JOIN "attachments" a ON a."sha256" = r."sha256" JOIN "sop_versions" v ON v."id" = a."version_id");
	END IF;
	PERFORM "refresh_sop_search_files"(array(SELECT DISTINCT unnest(touched)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sop_versions_search_files_insert" AFTER INSERT ON "sop_versions" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "sop_versions_search_files_update" AFTER UPDATE ON "sop_versions" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "sop_versions_search_files_update_old" AFTER UPDATE ON "sop_versions" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "sop_versions_search_files_delete" AFTER DELETE ON "sop_versions" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "attachments_search_files_insert" AFTER INSERT ON "attachments" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "attachments_search_files_update" AFTER UPDATE ON "attachments" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "attachments_search_files_update_old" AFTER UPDATE ON "attachments" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "attachments_search_files_delete" AFTER DELETE ON "attachments" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "file_texts_search_files_insert" AFTER INSERT ON "file_texts" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "file_texts_search_files_update" AFTER UPDATE ON "file_texts" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "file_texts_search_files_delete" AFTER DELETE ON "file_texts" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "sop_search_files_changed"();
--> statement-breakpoint
-- The backfill: every SOP of the release before.
SELECT "refresh_sop_search_files"(array(SELECT "id" FROM "sops"));
--> statement-breakpoint
-- A literal title hit ('No. 65') through an index rather than a pass over every title.
CREATE INDEX "sops_title_trgm_idx" ON "sops" USING gin ("title" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- A title found through a typo: the words of the titles alone, so the SOPs holding a title
-- word in their content are not all read.
CREATE INDEX "sops_title_vector_idx" ON "sops" USING gin (to_tsvector('english', "title")) WITH (fastupdate = off);
--> statement-breakpoint
-- Newest edit first (updated_at, then id), as lists and search ties are ordered: a search
-- whose hits are many walks this index and stops at a full page.
DROP INDEX IF EXISTS "sops_updated_at_idx";
--> statement-breakpoint
CREATE INDEX "sops_updated_at_idx" ON "sops" ("updated_at", "id");
--> statement-breakpoint
-- Search's GIN indexes take each new row into the index itself rather than into a pending list
-- (fastupdate). A pending list is read in full by every search until a VACUUM merges it; the
-- embedded database is never vacuumed (PGlite has no autovacuum), and after a bulk load on
-- PostgreSQL it held hundreds of pages that made each search scan them (31 -> 18 ms for
-- 'crew' once merged). Writes here are rare next to searches. The lists already there are merged now.
ALTER INDEX "sops_search_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "file_texts_search_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "title_words_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('"sops_search_idx"'::regclass), gin_clean_pending_list('"file_texts_search_idx"'::regclass), gin_clean_pending_list('"title_words_trgm_idx"'::regclass);
