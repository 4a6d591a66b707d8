-- Attesting to what was read. Each reader's first opening of each file of a version is kept
-- (one row per reader and file: opening it again keeps the first time), and every attestation
-- keeps what was known when it was made: each file of the version with when the reader first
-- opened it (null = never before attesting), how many were not opened, and the reading time.
-- Attestations made before this migration keep nulls there: nobody knows what was opened.
CREATE TABLE "attachment_reads" (
	"user_id" integer NOT NULL,
	"attachment_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_reads_user_id_attachment_id_pk" PRIMARY KEY("user_id","attachment_id")
);
--> statement-breakpoint
ALTER TABLE "attachment_reads" ADD CONSTRAINT "attachment_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_reads" ADD CONSTRAINT "attachment_reads_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_reads_attachment_idx" ON "attachment_reads" USING btree ("attachment_id");--> statement-breakpoint
ALTER TABLE "attestations" ADD COLUMN "files" jsonb;--> statement-breakpoint
ALTER TABLE "attestations" ADD COLUMN "unopened_files" integer;--> statement-breakpoint
ALTER TABLE "attestations" ADD COLUMN "reading_seconds" integer;--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_unopened_files_check" CHECK ("unopened_files" >= 0);--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_reading_seconds_check" CHECK ("reading_seconds" >= 0);--> statement-breakpoint
-- The tallies also count, per version and department, the attestations made without opening
-- every file, so the compliance list shows them without counting attestations.
ALTER TABLE "attestation_tallies" ADD COLUMN "unopened" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tally_attestation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE attestation_tallies t SET readers = t.readers - 1, unopened = t.unopened - (coalesce(OLD.unopened_files, 0) > 0)::int
    FROM users u
    WHERE u.id = OLD.user_id AND u.active AND u.deleted_at IS NULL AND u.department_id IS NOT NULL
      AND t.version_id = OLD.version_id AND t.department_id = u.department_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO attestation_tallies (version_id, department_id, readers, unopened)
    SELECT NEW.version_id, u.department_id, 1, (coalesce(NEW.unopened_files, 0) > 0)::int FROM users u
    WHERE u.id = NEW.user_id AND u.active AND u.deleted_at IS NULL AND u.department_id IS NOT NULL
    ON CONFLICT (version_id, department_id) DO UPDATE
      SET readers = attestation_tallies.readers + 1, unopened = attestation_tallies.unopened + EXCLUDED.unopened;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "attestations_tally" ON "attestations";--> statement-breakpoint
CREATE TRIGGER "attestations_tally" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "version_id", "unopened_files" ON "attestations" FOR EACH ROW EXECUTE FUNCTION "tally_attestation"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tally_reader"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.active AND OLD.deleted_at IS NULL AND OLD.department_id IS NOT NULL THEN
    UPDATE attestation_tallies t SET readers = t.readers - a.n, unopened = t.unopened - a.unopened
    FROM (SELECT version_id, count(*)::int AS n, count(*) FILTER (WHERE unopened_files > 0)::int AS unopened
          FROM attestations WHERE user_id = OLD.id GROUP BY version_id) a
    WHERE t.version_id = a.version_id AND t.department_id = OLD.department_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.active AND NEW.deleted_at IS NULL AND NEW.department_id IS NOT NULL THEN
    INSERT INTO attestation_tallies (version_id, department_id, readers, unopened)
    SELECT version_id, NEW.department_id, count(*)::int, count(*) FILTER (WHERE unopened_files > 0)::int
    FROM attestations WHERE user_id = NEW.id GROUP BY version_id
    ON CONFLICT (version_id, department_id) DO UPDATE
      SET readers = attestation_tallies.readers + EXCLUDED.readers, unopened = attestation_tallies.unopened + EXCLUDED.unopened;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;
