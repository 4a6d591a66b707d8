-- The database itself keeps the rules the services already keep, so a script, a restore or a
-- future bug cannot store what no screen could. Rows an older release left outside a rule are
-- brought inside it first, in the way that changes the least of what people saw.
--
-- The data-version triggers are deferred to commit; run them as each statement ends, since a
-- table with trigger events still pending cannot be altered or indexed.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
-- One pending approval task per version. The list showed the oldest pending task of a version
-- (its lowest id) and only that one could usefully be decided; the later ones carry no decision.
DELETE FROM "approval_tasks" t USING "approval_tasks" older
	WHERE t."status" = 'pending' AND older."status" = 'pending' AND older."version_id" = t."version_id" AND older."id" < t."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "approval_tasks_one_pending_key" ON "approval_tasks" USING btree ("version_id") WHERE "status" = 'pending';
--> statement-breakpoint
-- A record's size is the size of its stored bytes: one that disagrees is taken from the store.
UPDATE "attachments" a SET "size" = f."size" FROM "stored_files" f WHERE f."sha256" = a."sha256" AND (a."size" < 0 OR a."size" > 10485760);
--> statement-breakpoint
UPDATE "daily_programs" p SET "size" = f."size" FROM "stored_files" f WHERE f."sha256" = p."sha256" AND (p."size" < 0 OR p."size" > 10485760);
--> statement-breakpoint
UPDATE "itineraries" i SET "size" = f."size" FROM "stored_files" f WHERE f."sha256" = i."sha256" AND (i."size" < 0 OR i."size" > 10485760);
--> statement-breakpoint
-- A legacy attachment whose bytes were never stored here has no size to recover.
UPDATE "attachments" SET "size" = 0 WHERE "sha256" IS NULL AND "size" < 0;
--> statement-breakpoint
-- An upload waiting to be attached that breaks the limit could never be attached.
DELETE FROM "pending_uploads" WHERE "size" < 0 OR "size" > 10485760;
--> statement-breakpoint
-- Every upload path stops at 10 MB (10485760 bytes, common/limits.ts); the store also holds
-- previews, so only its sizes' sign is checked there.
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_size_check" CHECK ("size" >= 0);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_size_check" CHECK ("size" BETWEEN 0 AND 10485760);
--> statement-breakpoint
ALTER TABLE "daily_programs" ADD CONSTRAINT "daily_programs_size_check" CHECK ("size" BETWEEN 0 AND 10485760);
--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_size_check" CHECK ("size" BETWEEN 0 AND 10485760);
--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_size_check" CHECK ("size" BETWEEN 0 AND 10485760);
--> statement-breakpoint
-- A day holds one combined file or four separate ones.
ALTER TABLE "daily_programs" ADD CONSTRAINT "daily_programs_file_sequence_check" CHECK ("file_sequence" BETWEEN 1 AND 4);
--> statement-breakpoint
-- Cruise codes are letters and digits, stored upper-case: 'ar-250928' is the cruise AR250928.
-- Where two spellings of one code held the same file of a day, the newer upload stays, as a
-- new upload of a day replaces the old one. A code with no letter or digit at all becomes
-- UNKNOWN, so its files stay listed for an administrator to sort out.
DELETE FROM "daily_programs" p USING "daily_programs" newer
	WHERE newer."id" <> p."id" AND coalesce(nullif(upper(regexp_replace(newer."cruise_code", '[^A-Za-z0-9]', '', 'g')), ''), 'UNKNOWN')
		= coalesce(nullif(upper(regexp_replace(p."cruise_code", '[^A-Za-z0-9]', '', 'g')), ''), 'UNKNOWN')
	AND newer."program_date" = p."program_date" AND newer."file_sequence" = p."file_sequence"
	AND (newer."created_at", newer."id") > (p."created_at", p."id");
--> statement-breakpoint
UPDATE "daily_programs" SET "cruise_code" = coalesce(nullif(upper(regexp_replace("cruise_code", '[^A-Za-z0-9]', '', 'g')), ''), 'UNKNOWN') WHERE "cruise_code" !~ '^[A-Z0-9]+$';
--> statement-breakpoint
ALTER TABLE "daily_programs" ADD CONSTRAINT "daily_programs_cruise_code_check" CHECK ("cruise_code" ~ '^[A-Z0-9]+$');
--> statement-breakpoint
-- Review frequency is a number of days, 1 to 3650 (the SOP form's bounds); no review is null.
UPDATE "sops" SET "review_frequency" = NULL WHERE "review_frequency" < 1;
--> statement-breakpoint
UPDATE "sops" SET "review_frequency" = 3650 WHERE "review_frequency" > 3650;
--> statement-breakpoint
ALTER TABLE "sops" ADD CONSTRAINT "sops_review_frequency_check" CHECK ("review_frequency" BETWEEN 1 AND 3650);
--> statement-breakpoint
-- Approval is the release, so "published" is "approved" and is derived from it. A version
-- published without an approval date gets the date it was submitted (or written); an approval
-- date on a version readers never had as published is cleared, so nobody's view changes.
UPDATE "sop_versions" SET "approved_at" = coalesce("submitted_at", "created_at") WHERE "is_published" AND "approved_at" IS NULL;
--> statement-breakpoint
UPDATE "sop_versions" SET "approved_at" = NULL WHERE NOT "is_published" AND "approved_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "sop_versions" DROP COLUMN "is_published";
--> statement-breakpoint
ALTER TABLE "sop_versions" ADD COLUMN "is_published" boolean GENERATED ALWAYS AS ("approved_at" IS NOT NULL) STORED NOT NULL;
--> statement-breakpoint
-- Foreign-key columns without an index: each was scanned whole when the row it points at was
-- deleted (a user, a version).
CREATE INDEX "approval_tasks_approver_idx" ON "approval_tasks" USING btree ("approver_id");
--> statement-breakpoint
CREATE INDEX "sop_versions_created_by_idx" ON "sop_versions" USING btree ("created_by");
--> statement-breakpoint
CREATE INDEX "sop_versions_submitted_by_idx" ON "sop_versions" USING btree ("submitted_by");
--> statement-breakpoint
CREATE INDEX "sop_versions_approved_by_idx" ON "sop_versions" USING btree ("approved_by");
--> statement-breakpoint
CREATE INDEX "sops_latest_version_idx" ON "sops" USING btree ("latest_version_id");
--> statement-breakpoint
CREATE INDEX "daily_programs_uploaded_by_idx" ON "daily_programs" USING btree ("uploaded_by");
--> statement-breakpoint
CREATE INDEX "itineraries_uploaded_by_idx" ON "itineraries" USING btree ("uploaded_by");
--> statement-breakpoint
CREATE INDEX "pending_uploads_user_idx" ON "pending_uploads" USING btree ("user_id");
--> statement-breakpoint
SET CONSTRAINTS ALL DEFERRED;
