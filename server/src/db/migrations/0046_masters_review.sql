-- The master's review (decision 080): the office's template (one row, sent to every ship as the
-- 'review_template' record), the reviews filled and signed on board (at the office with the ship's
-- own id in ship_ref, so each is taken once) and their findings, answered at the office (the
-- answers go back to the review's vessel as a 'review_answers' record).
CREATE TABLE "review_template" (
	"id" integer PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "review_template_single_check" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "review_template" ADD CONSTRAINT "review_template_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "review_template_updated_by_idx" ON "review_template" USING btree ("updated_by");
--> statement-breakpoint
CREATE TABLE "master_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "master_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vessel_code" varchar(16) NOT NULL,
	"ship_ref" integer,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"sections" jsonb NOT NULL,
	"template_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_by" integer,
	"signed_at" timestamp with time zone,
	"signature_method" varchar(10),
	"content_sha256" varchar(64),
	CONSTRAINT "master_reviews_status_check" CHECK ("master_reviews"."status" in ('draft', 'signed')),
	CONSTRAINT "master_reviews_signed_check" CHECK (("master_reviews"."status" = 'draft') = ("master_reviews"."signed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "master_reviews" ADD CONSTRAINT "master_reviews_vessel_code_vessels_code_fk" FOREIGN KEY ("vessel_code") REFERENCES "public"."vessels"("code") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "master_reviews" ADD CONSTRAINT "master_reviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "master_reviews" ADD CONSTRAINT "master_reviews_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "master_reviews_vessel_signed_idx" ON "master_reviews" USING btree ("vessel_code","signed_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "master_reviews_ship_ref_key" ON "master_reviews" USING btree ("vessel_code","ship_ref");
--> statement-breakpoint
CREATE INDEX "master_reviews_created_by_idx" ON "master_reviews" USING btree ("created_by");
--> statement-breakpoint
CREATE INDEX "master_reviews_signed_by_idx" ON "master_reviews" USING btree ("signed_by");
--> statement-breakpoint
CREATE TABLE "master_review_findings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "master_review_findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"answer" varchar(10),
	"action" text,
	"due_on" date,
	"note" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	CONSTRAINT "master_review_findings_answer_check" CHECK ("master_review_findings"."answer" is null or "master_review_findings"."answer" in ('accepted', 'noted'))
);
--> statement-breakpoint
ALTER TABLE "master_review_findings" ADD CONSTRAINT "master_review_findings_review_id_master_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."master_reviews"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "master_review_findings" ADD CONSTRAINT "master_review_findings_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "master_review_findings_position_key" ON "master_review_findings" USING btree ("review_id","position");
--> statement-breakpoint
CREATE INDEX "master_review_findings_answered_by_idx" ON "master_review_findings" USING btree ("answered_by");
--> statement-breakpoint
-- The template's first form, after the ISM Code's elements; administrators change it.
-- Dated alike in every database, office and ships, so a ship's copy before the office's record arrives names the same template.
INSERT INTO "review_template" ("id", "sections", "updated_at") VALUES (1, '[{"title": "Safety and environmental policy", "questions": [{"text": "Is the company''s safety and environmental protection policy known to the crew and put into practice on board?"}, {"text": "Which parts of the policy proved hard to apply, and why?"}]}, {"title": "Responsibilities and authority", "questions": [{"text": "Are the responsibilities and authority of each officer and rating defined, documented and understood?"}, {"text": "Did the designated person ashore support the vessel when asked?"}]}, {"title": "Master''s responsibility and authority", "questions": [{"text": "Did the master''s overriding authority stand in every decision on safety and pollution prevention?"}, {"text": "Were the master''s reviews and reports acted on by the office?"}]}, {"title": "Resources and personnel", "questions": [{"text": "Were the crew qualified, certified, medically fit and familiarised with their duties?"}, {"text": "Were training needs identified and met?"}]}, {"title": "Shipboard operations", "questions": [{"text": "Were key shipboard operations planned and carried out by the procedures in force?"}, {"text": "Which procedures were unclear, missing or out of date?"}]}, {"title": "Emergency preparedness", "questions": [{"text": "Were drills held as planned, and were their lessons recorded and acted on?"}, {"text": "Are the emergency procedures and equipment ready for the situations identified?"}]}, {"title": "Non-conformities, accidents and hazardous occurrences", "questions": [{"text": "Were non-conformities, accidents and near misses reported, investigated and closed?"}, {"text": "Were corrective actions effective?"}]}, {"title": "Maintenance of the ship and equipment", "questions": [{"text": "Was the planned maintenance carried out, and were critical equipment and systems tested?"}, {"text": "Which defects remain open, and what do they need from the office?"}]}, {"title": "Documentation", "questions": [{"text": "Are the documents and records on board current, controlled and available to those who need them?"}, {"text": "What should change in the safety management system?"}]}]'::jsonb, '2026-11-29T00:00:00Z');
--> statement-breakpoint
-- The function of 0045_suggestions with the template, the reviews and their answers, and the answers to suggestions made on board.
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
		IF TG_OP = 'INSERT' THEN
			-- Made on board: sent ashore like an attestation (the office's planner ignores it).
			INSERT INTO "fleet_changes" ("kind", "key") VALUES ('suggestion', r.id::text);
		ELSE
			-- Answered at the office: the answer goes back to the vessel it was made on (decision 079).
			INSERT INTO "fleet_changes" ("kind", "key") VALUES ('suggestion_answer', r.id::text);
		END IF;
	ELSIF TG_TABLE_NAME = 'review_template' THEN
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('review_template', r.id::text);
	ELSIF TG_TABLE_NAME = 'master_reviews' THEN
		-- Signed on board: sent ashore (the office's planner ignores the kind).
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('master_review', r.id::text);
	ELSIF TG_TABLE_NAME = 'master_review_findings' THEN
		-- Answered at the office: the answers go back to the review's vessel.
		INSERT INTO "fleet_changes" ("kind", "key") VALUES ('review_answers', r.review_id::text);
	END IF;
	RETURN NULL;
END $$;

--> statement-breakpoint
CREATE TRIGGER "review_template_fleet_change" AFTER INSERT OR UPDATE OR DELETE ON "review_template" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
--> statement-breakpoint
CREATE TRIGGER "master_reviews_fleet_change" AFTER INSERT OR UPDATE ON "master_reviews" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
--> statement-breakpoint
CREATE TRIGGER "master_review_findings_fleet_change" AFTER INSERT OR UPDATE ON "master_review_findings" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
--> statement-breakpoint
-- Vessels planned before this: the template reaches them with the next round.
INSERT INTO "fleet_changes" ("kind", "key") SELECT 'review_template', '1' WHERE EXISTS (SELECT 1 FROM "vessels");
--> statement-breakpoint
CREATE TRIGGER "suggestions_fleet_answer" AFTER UPDATE ON "suggestions" FOR EACH ROW EXECUTE FUNCTION "fleet_record_changed"();
--> statement-breakpoint
-- Suggestions made on board and answered before this: their answers go to their vessels.
INSERT INTO "fleet_changes" ("kind", "key") SELECT 'suggestion_answer', "id"::text FROM "suggestions" WHERE "ship_ref" IS NOT NULL AND "status" <> 'open';
