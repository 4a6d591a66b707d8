-- Ships receive the approved translations of each version in force in the SOP's record, with
-- their files, like its attachments: a translation added, approved or removed ashore is a change
-- of its SOP's record (the function of 0023_fleet_scale, with a branch for sop_translations).
CREATE OR REPLACE FUNCTION "fleet_record_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r record;
	k text;
BEGIN
	-- With no vessel registered nothing is planned, so nothing is kept.
	IF NOT EXISTS (SELECT 1 FROM "vessels") AND TG_TABLE_NAME <> 'vessels' THEN RETURN NULL; END IF;
	IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
	IF TG_TABLE_NAME = 'departments' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('department', r.id::text);
	ELSIF TG_TABLE_NAME = 'users' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('user', r.id::text);
	ELSIF TG_TABLE_NAME = 'vessels' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('vessel', r.code);
	ELSIF TG_TABLE_NAME = 'app_settings' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('setting', r.key);
	ELSIF TG_TABLE_NAME = 'sops' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('sop', r.id::text);
	ELSIF TG_TABLE_NAME = 'sop_versions' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('sop', r.sop_id::text);
	ELSIF TG_TABLE_NAME = 'attachments' THEN
		SELECT v.sop_id::text INTO k FROM "sop_versions" v WHERE v.id = r.version_id;
		-- A file removed with its version: the version's own row says the SOP changed.
		IF k IS NOT NULL THEN INSERT INTO "fleet_changes" ("kind", "key") VALUES ('sop', k); END IF;
	ELSIF TG_TABLE_NAME = 'sop_translations' THEN
		-- Approved translations of the version in force travel in the SOP's record, as its files do.
		SELECT v.sop_id::text INTO k FROM "sop_versions" v WHERE v.id = r.version_id;
		IF k IS NOT NULL THEN INSERT INTO "fleet_changes" ("kind", "key") VALUES ('sop', k); END IF;
	ELSIF TG_TABLE_NAME = 'attestations' THEN
		-- Made on board: the ship's planner has something to send (the office's ignores it).
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('attestation', r.id::text);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sop_translations_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "sop_translations" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
--> statement-breakpoint
-- Translations approved before this upgrade: their SOPs' records are built again and sent (the
-- planner builds a record only when it changes).
INSERT INTO "fleet_changes" ("kind", "key")
	SELECT DISTINCT 'sop', v."sop_id"::text FROM "sop_translations" t JOIN "sop_versions" v ON v."id" = t."version_id"
	WHERE t."status" = 'approved' AND EXISTS (SELECT 1 FROM "vessels");
