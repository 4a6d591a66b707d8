-- Positions (Captain, Chief Officer, Bosun, Head Waiter): each in one department. A person
-- holds at most one; `position_since` is when they were given it, or joined a new vessel, the
-- day their position's reading counts from. An SOP's required reading may name positions
-- besides its department (`reading_position_ids`).
CREATE TABLE "positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"department_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "positions_name_lower_key" ON "positions" USING btree (lower("name"));
--> statement-breakpoint
CREATE INDEX "positions_department_idx" ON "positions" USING btree ("department_id");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "position_id" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "position_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "users_position_idx" ON "users" USING btree ("position_id");
--> statement-breakpoint
ALTER TABLE "sops" ADD COLUMN "reading_position_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
-- Ships hold the positions as they hold departments (a person's row names theirs): the function
-- of 0041_fleet_translations with a branch for positions.
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
CREATE TRIGGER "positions_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "positions" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
