-- Suggestions for change (decision 079): made on an SOP's version in force by anyone who reads it,
-- ashore or on board (vessel_code, and the ship's own id in ship_ref so the office takes it once),
-- triaged at the office by the SOP's owner, approvers and administrators. An accepted one is
-- linked to the SOP's next version (linked_version_id) and is done when that version is in force.
CREATE TABLE "suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sop_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"section" varchar(200),
	"text" text NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"reply" text,
	"user_id" integer,
	"vessel_code" varchar(16),
	"ship_ref" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"triaged_by" integer,
	"triaged_at" timestamp with time zone,
	"linked_version_id" integer,
	CONSTRAINT "suggestions_status_check" CHECK ("suggestions"."status" in ('open', 'accepted', 'declined', 'done'))
);
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_sop_id_sops_id_fk" FOREIGN KEY ("sop_id") REFERENCES "public"."sops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_version_id_sop_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sop_versions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_triaged_by_users_id_fk" FOREIGN KEY ("triaged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_linked_version_id_sop_versions_id_fk" FOREIGN KEY ("linked_version_id") REFERENCES "public"."sop_versions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The list's filters: by SOP and status, by status (newest first), by suggester, by vessel.
CREATE INDEX "suggestions_sop_status_idx" ON "suggestions" USING btree ("sop_id","status");
--> statement-breakpoint
CREATE INDEX "suggestions_status_created_idx" ON "suggestions" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "suggestions_user_idx" ON "suggestions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "suggestions_vessel_idx" ON "suggestions" USING btree ("vessel_code");
--> statement-breakpoint
CREATE INDEX "suggestions_version_idx" ON "suggestions" USING btree ("version_id");
--> statement-breakpoint
CREATE INDEX "suggestions_linked_version_idx" ON "suggestions" USING btree ("linked_version_id");
--> statement-breakpoint
CREATE INDEX "suggestions_triaged_by_idx" ON "suggestions" USING btree ("triaged_by");
--> statement-breakpoint
CREATE UNIQUE INDEX "suggestions_ship_ref_key" ON "suggestions" USING btree ("vessel_code","ship_ref");
--> statement-breakpoint
-- A suggestion made on board wakes the ship's planner as an attestation does. The function of
-- 0044_circulars with that branch.
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
	ELSIF TG_TABLE_NAME = 'positions' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('position', r.id::text);
	ELSIF TG_TABLE_NAME = 'users' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('user', r.id::text);
	ELSIF TG_TABLE_NAME = 'vessels' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('vessel', r.code);
	ELSIF TG_TABLE_NAME = 'app_settings' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('setting', r.key);
	ELSIF TG_TABLE_NAME = 'sops' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('sop', r.id::text);
	ELSIF TG_TABLE_NAME = 'circulars' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('sop', r.sop_id::text);
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
	ELSIF TG_TABLE_NAME = 'circular_acknowledgements' THEN
		-- Made on board by the master: sent ashore like an attestation (the office's planner ignores it).
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('acknowledgement', r.id::text);
	ELSIF TG_TABLE_NAME = 'suggestions' THEN
		-- Made on board: sent ashore like an attestation (the office's planner ignores it).
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('suggestion', r.id::text);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "suggestions_fleet_change" AFTER INSERT ON "suggestions" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
