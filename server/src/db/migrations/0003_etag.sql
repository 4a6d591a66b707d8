CREATE TABLE "data_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "data_version_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "data_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- Bumps the version once per transaction that changed what the SOP answers read. The
-- triggers below are deferred to commit: the row lock is taken only while committing (no
-- lock held through a transaction, so no deadlock with row locks taken by the services),
-- and a reader never sees the new version before the data it stands for.
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('sop_harbor.data_version_bumped', true) IS DISTINCT FROM 'yes' THEN
		UPDATE "data_version" SET "version" = "version" + 1 WHERE "id" = 1;
		PERFORM set_config('sop_harbor.data_version_bumped', 'yes', true);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sops_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sops" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sop_versions_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sop_versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "attachments_data_version" AFTER INSERT OR UPDATE OR DELETE ON "attachments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "attachment_previews_data_version" AFTER INSERT OR UPDATE OR DELETE ON "attachment_previews" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "approval_tasks_data_version" AFTER INSERT OR UPDATE OR DELETE ON "approval_tasks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "attestations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "attestations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "departments_data_version" AFTER INSERT OR UPDATE OR DELETE ON "departments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_data_version" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();
