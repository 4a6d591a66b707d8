-- Fleet circulars (decision 078): an SOP of kind 'circular' with a row here holding its number
-- ('FC-2026-014', gap-free per calendar year through circular_counters), the departments of its
-- audience (besides the SOP's reading positions and vessels), the day it must be read by and the
-- day it leaves the reading lists. A ship's master acknowledges its receipt for the vessel.
ALTER TABLE "sops" ADD COLUMN "kind" varchar(10) DEFAULT 'sop' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sops" ADD CONSTRAINT "sops_kind_check" CHECK ("sops"."kind" in ('sop', 'circular'));
--> statement-breakpoint
CREATE TABLE "circulars" (
	"sop_id" integer PRIMARY KEY NOT NULL,
	"number" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"department_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"due_date" date NOT NULL,
	"expires_at" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circulars_dates_check" CHECK ("circulars"."expires_at" > "circulars"."due_date")
);
--> statement-breakpoint
ALTER TABLE "circulars" ADD CONSTRAINT "circulars_sop_id_sops_id_fk" FOREIGN KEY ("sop_id") REFERENCES "public"."sops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "circulars_number_key" ON "circulars" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "circulars_year_seq_key" ON "circulars" USING btree ("year","seq");
--> statement-breakpoint
-- The last number given in each year: taken under the row's lock in the creating transaction,
-- so two circulars created at once get consecutive numbers and a refused one leaves no gap.
CREATE TABLE "circular_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circular_acknowledgements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circular_acknowledgements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sop_id" integer NOT NULL,
	"vessel_code" varchar(16) NOT NULL,
	"version_id" integer NOT NULL,
	"user_id" integer,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "circular_acknowledgements" ADD CONSTRAINT "circular_acknowledgements_sop_id_sops_id_fk" FOREIGN KEY ("sop_id") REFERENCES "public"."sops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "circular_acknowledgements" ADD CONSTRAINT "circular_acknowledgements_version_id_sop_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sop_versions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "circular_acknowledgements" ADD CONSTRAINT "circular_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "circular_acknowledgements_vessel_key" ON "circular_acknowledgements" USING btree ("sop_id","vessel_code");
--> statement-breakpoint
CREATE INDEX "circular_acknowledgements_user_idx" ON "circular_acknowledgements" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "circular_acknowledgements_version_idx" ON "circular_acknowledgements" USING btree ("version_id");
--> statement-breakpoint
-- A circular travels in its SOP's record; an acknowledgement made on board wakes the ship's
-- planner as an attestation does. The function of 0043_positions with those two branches.
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
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "circulars_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "circulars" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
--> statement-breakpoint
CREATE TRIGGER "circular_acknowledgements_fleet_change" AFTER INSERT ON "circular_acknowledgements" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
--> statement-breakpoint
-- The SOP list and detail leave an expired circular out: a change of its days is a change of what they answer.
CREATE CONSTRAINT TRIGGER "circulars_data_version" AFTER INSERT OR UPDATE OR DELETE ON "circulars" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();
