-- The fleet at scale: the office plans from what changed, not by rescanning every record for
-- every vessel; a ship's messages are checked and, when they cannot be applied, set aside.

-- What changed in the records ships hold: one row per changed record (kind, key), written by
-- the triggers below in the changing transaction and taken by the office's planner, which
-- builds each changed record once and queues it for every vessel it applies to. On board the
-- same rows (records applied, attestations made) tell the ship's planner it has work.
CREATE TABLE "fleet_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"kind" varchar(20) NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "fleet_record_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	ELSIF TG_TABLE_NAME = 'attestations' THEN
		-- Made on board: the ship's planner has something to send (the office's ignores it).
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('attestation', r.id::text);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "departments_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "departments" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();--> statement-breakpoint
CREATE TRIGGER "users_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();--> statement-breakpoint
-- Not on last_contact_at: hearing from a ship changes nothing a ship holds.
CREATE TRIGGER "vessels_fleet_change" AFTER INSERT OR DELETE OR UPDATE OF "code", "name" ON "vessels" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();--> statement-breakpoint
CREATE TRIGGER "app_settings_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "app_settings" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();--> statement-breakpoint
CREATE TRIGGER "sops_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "sops" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();--> statement-breakpoint
CREATE TRIGGER "sop_versions_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "sop_versions" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();--> statement-breakpoint
CREATE TRIGGER "attachments_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "attachments" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();--> statement-breakpoint
CREATE TRIGGER "attestations_fleet_change" AFTER INSERT ON "attestations" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();--> statement-breakpoint
-- A vessel registered (or every vessel, once, after this upgrade) is planned whole once; after
-- that only from changes.
ALTER TABLE "vessels" ADD COLUMN "full_plan_due" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- What the ship says holds its reading of the office's records (its hello), shown ashore.
ALTER TABLE "vessels" ADD COLUMN "ship_problem" text;--> statement-breakpoint
-- Which users a ship holds sign-in data for: empty, every vessel.
ALTER TABLE "users" ADD COLUMN "vessel_codes" varchar(16)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
-- A record built once per change, stored once whatever the number of vessels it goes to; an
-- outbox message names it by its digest.
CREATE TABLE "fleet_payloads" (
	"hash" varchar(32) PRIMARY KEY NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_outbox" ALTER COLUMN "payload" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fleet_outbox" ADD COLUMN "payload_hash" varchar(32) REFERENCES "fleet_payloads"("hash");--> statement-breakpoint
CREATE INDEX "fleet_outbox_payload_idx" ON "fleet_outbox" ("payload_hash");--> statement-breakpoint
-- At the office: each version queued for a vessel, and when: a ship's attestation, receipt or
-- withdrawal counts only for a version sent to it, at a time not before it was sent.
CREATE TABLE "fleet_sent_versions" (
	"vessel_code" varchar(16) NOT NULL REFERENCES "vessels"("code") ON DELETE CASCADE,
	"version_id" integer NOT NULL REFERENCES "sop_versions"("id") ON DELETE CASCADE,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("vessel_code", "version_id")
);
--> statement-breakpoint
CREATE INDEX "fleet_sent_versions_version_idx" ON "fleet_sent_versions" ("version_id");--> statement-breakpoint
-- Versions already on their way before this upgrade: those a ship has reported, and the
-- version in force of each SOP last sent, as sent when approved.
INSERT INTO "fleet_sent_versions" ("vessel_code", "version_id", "sent_at")
	SELECT "vessel_code", "version_id", "received_at" FROM "vessel_documents"
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "fleet_sent_versions" ("vessel_code", "version_id", "sent_at")
	SELECT f."vessel_code", e."id", coalesce(e."approved_at", now()) FROM "fleet_sent" f
	JOIN LATERAL (SELECT v."id", v."approved_at" FROM "sop_versions" v WHERE v."sop_id" = f."key"::int AND v."is_published" ORDER BY v."id" DESC LIMIT 1) e ON true
	WHERE f."kind" = 'sop'
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- At the office: a ship's message that could not be parsed or applied, kept with the reason
-- until an admin retries or discards it; it never holds another vessel, nor this one's later messages.
CREATE TABLE "fleet_set_aside" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"vessel_code" varchar(16) NOT NULL REFERENCES "vessels"("code") ON DELETE CASCADE,
	"seq" bigint,
	"stream_seq" bigint NOT NULL,
	"schema" integer,
	"body" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" varchar(10),
	CONSTRAINT "fleet_set_aside_resolution_check" CHECK ("resolution" in ('applied', 'discarded'))
);
--> statement-breakpoint
CREATE INDEX "fleet_set_aside_vessel_idx" ON "fleet_set_aside" ("vessel_code", "id");
--> statement-breakpoint
-- On board, a version received anew is looked up by kind and key (the ship's own vessel only).
CREATE INDEX "fleet_sent_kind_key_idx" ON "fleet_sent" ("kind", "key");
