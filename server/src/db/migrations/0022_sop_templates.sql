-- SOP templates: a named skeleton of content with a default category and tags, kept by admins.
-- The office's alone: ships never create SOPs, so neither table travels to them.
CREATE TABLE "sop_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sop_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"content" text NOT NULL,
	"category" varchar(100),
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sop_templates" ADD CONSTRAINT "sop_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One name per template, whatever its case: the create form lists them by name.
CREATE UNIQUE INDEX "sop_templates_name_key" ON "sop_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sop_templates_created_by_idx" ON "sop_templates" USING btree ("created_by");--> statement-breakpoint
-- Each SOP created from a template, for 'Most used'. A use outlives the SOP (it happened) but
-- not the template; the SOP column is not on "sops" because ship copies replicate whole SOP rows.
CREATE TABLE "sop_template_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sop_template_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"sop_id" integer,
	"used_by" integer,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sop_template_uses" ADD CONSTRAINT "sop_template_uses_template_id_sop_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sop_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_template_uses" ADD CONSTRAINT "sop_template_uses_sop_id_sops_id_fk" FOREIGN KEY ("sop_id") REFERENCES "public"."sops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_template_uses" ADD CONSTRAINT "sop_template_uses_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sop_template_uses_template_idx" ON "sop_template_uses" USING btree ("template_id");--> statement-breakpoint
-- An SOP starts from one template at most.
CREATE UNIQUE INDEX "sop_template_uses_sop_key" ON "sop_template_uses" USING btree ("sop_id");--> statement-breakpoint
CREATE INDEX "sop_template_uses_used_by_idx" ON "sop_template_uses" USING btree ("used_by");
