-- Read-by dates: the days an SOP's audience has to read a version once it is in force (null:
-- the default of 14), the reminders the server sent by itself (one per reader, version and
-- stage) and the reminders approvers sent by hand (one per person and UTC day).
ALTER TABLE "sops" ADD COLUMN "reading_days" integer;
--> statement-breakpoint
ALTER TABLE "sops" ADD CONSTRAINT "sops_reading_days_check" CHECK ("sops"."reading_days" between 1 and 365);
--> statement-breakpoint
CREATE TABLE "reading_reminders" (
	"user_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"stage" varchar(10) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_reminders_pkey" PRIMARY KEY("user_id","version_id","stage")
);
--> statement-breakpoint
ALTER TABLE "reading_reminders" ADD CONSTRAINT "reading_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reading_reminders" ADD CONSTRAINT "reading_reminders_version_id_sop_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sop_versions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reading_reminders_version_idx" ON "reading_reminders" USING btree ("version_id");
--> statement-breakpoint
CREATE TABLE "reading_nudges" (
	"user_id" integer NOT NULL,
	"reminded_on" date NOT NULL,
	"reminded_by" integer,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_nudges_pkey" PRIMARY KEY("user_id","reminded_on")
);
--> statement-breakpoint
ALTER TABLE "reading_nudges" ADD CONSTRAINT "reading_nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reading_nudges" ADD CONSTRAINT "reading_nudges_reminded_by_users_id_fk" FOREIGN KEY ("reminded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reading_nudges_reminded_by_idx" ON "reading_nudges" USING btree ("reminded_by");
