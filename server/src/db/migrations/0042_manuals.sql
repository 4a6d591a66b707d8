-- Manuals: chapters of numbered sections, each section one SOP (an SOP in one manual at most).
-- Numbers follow from the positions and are never stored. Kept ashore only: ships read the SOPs.
CREATE TABLE "manuals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manuals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(20) NOT NULL,
	"title" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "manuals_code_key" ON "manuals" USING btree (lower("code"));--> statement-breakpoint
CREATE TABLE "manual_chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manual_chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"manual_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" varchar(200) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manual_chapters" ADD CONSTRAINT "manual_chapters_manual_id_manuals_id_fk" FOREIGN KEY ("manual_id") REFERENCES "public"."manuals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manual_chapters_position_key" ON "manual_chapters" USING btree ("manual_id","position");--> statement-breakpoint
CREATE TABLE "manual_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manual_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chapter_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sop_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manual_sections" ADD CONSTRAINT "manual_sections_chapter_id_manual_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."manual_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_sections" ADD CONSTRAINT "manual_sections_sop_id_sops_id_fk" FOREIGN KEY ("sop_id") REFERENCES "public"."sops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manual_sections_position_key" ON "manual_sections" USING btree ("chapter_id","position");--> statement-breakpoint
-- An SOP is a section of one manual at most.
CREATE UNIQUE INDEX "manual_sections_sop_key" ON "manual_sections" USING btree ("sop_id");--> statement-breakpoint
CREATE INDEX "manual_sections_chapter_idx" ON "manual_sections" USING btree ("chapter_id");
