-- Required reading reads the version in force of many SOPs at once (the newest published
-- version of each) and counts, per version in force, who has attested it.
CREATE INDEX "sop_versions_published_idx" ON "sop_versions" USING btree ("sop_id","id") WHERE is_published;--> statement-breakpoint
-- (version_id, user_id) answers "who read this version" from the index alone and replaces
-- the plain version_id index (its prefix); (user_id, version_id) stays unique.
CREATE INDEX "attestations_version_user_idx" ON "attestations" USING btree ("version_id","user_id");--> statement-breakpoint
DROP INDEX "attestations_version_idx";
--> statement-breakpoint
-- Attestations of active readers, per version and the reader's department (see
-- schema/attestation-tallies.ts). Only ever incremented by insert-or-add and decremented by
-- update, so a cascade that already removed the row (a deleted version) is a no-op.
CREATE TABLE "attestation_tallies" (
	"version_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"readers" integer NOT NULL,
	CONSTRAINT "attestation_tallies_version_id_department_id_pk" PRIMARY KEY("version_id","department_id")
);
--> statement-breakpoint
ALTER TABLE "attestation_tallies" ADD CONSTRAINT "attestation_tallies_version_id_sop_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sop_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_tallies" ADD CONSTRAINT "attestation_tallies_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attestation_tallies_department_idx" ON "attestation_tallies" USING btree ("department_id");--> statement-breakpoint
CREATE FUNCTION "tally_attestation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE attestation_tallies t SET readers = t.readers - 1
    FROM users u
    WHERE u.id = OLD.user_id AND u.active AND u.deleted_at IS NULL AND u.department_id IS NOT NULL
      AND t.version_id = OLD.version_id AND t.department_id = u.department_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO attestation_tallies (version_id, department_id, readers)
    SELECT NEW.version_id, u.department_id, 1 FROM users u
    WHERE u.id = NEW.user_id AND u.active AND u.deleted_at IS NULL AND u.department_id IS NOT NULL
    ON CONFLICT (version_id, department_id) DO UPDATE SET readers = attestation_tallies.readers + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attestations_tally" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "version_id" ON "attestations" FOR EACH ROW EXECUTE FUNCTION "tally_attestation"();--> statement-breakpoint
-- A reader who leaves a department (or is deactivated or deleted) takes their attestations
-- with them; one who joins brings theirs. Before a delete, while the attestations still name them.
CREATE FUNCTION "tally_reader"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.active AND OLD.deleted_at IS NULL AND OLD.department_id IS NOT NULL THEN
    UPDATE attestation_tallies t SET readers = t.readers - a.n
    FROM (SELECT version_id, count(*)::int AS n FROM attestations WHERE user_id = OLD.id GROUP BY version_id) a
    WHERE t.version_id = a.version_id AND t.department_id = OLD.department_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.active AND NEW.deleted_at IS NULL AND NEW.department_id IS NOT NULL THEN
    INSERT INTO attestation_tallies (version_id, department_id, readers)
    SELECT version_id, NEW.department_id, count(*)::int FROM attestations WHERE user_id = NEW.id GROUP BY version_id
    ON CONFLICT (version_id, department_id) DO UPDATE SET readers = attestation_tallies.readers + EXCLUDED.readers;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_tally" AFTER UPDATE OF "department_id", "active", "deleted_at" ON "users" FOR EACH ROW
  WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id OR OLD.active IS DISTINCT FROM NEW.active OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION "tally_reader"();--> statement-breakpoint
CREATE TRIGGER "users_tally_delete" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "tally_reader"();--> statement-breakpoint
INSERT INTO "attestation_tallies" ("version_id", "department_id", "readers")
  SELECT a.version_id, u.department_id, count(*)::int
  FROM attestations a JOIN users u ON u.id = a.user_id
  WHERE u.active AND u.deleted_at IS NULL AND u.department_id IS NOT NULL
  GROUP BY a.version_id, u.department_id;
