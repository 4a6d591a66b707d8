CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(40) NOT NULL,
	"key" varchar(200) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" varchar(100),
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "preview_status" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_idx" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
-- Files stored before previews became jobs: a stored preview is ready; a PDF or Word file
-- without one is pending, with one queued job per stored file (identical files render once).
UPDATE "attachments" SET "preview_status" = 'ready' WHERE EXISTS (SELECT 1 FROM "attachment_previews" p WHERE p."attachment_id" = "attachments"."id");--> statement-breakpoint
UPDATE "attachments" SET "preview_status" = 'pending' WHERE "preview_status" = 'none' AND "sha256" IS NOT NULL AND "mime_type" IN ('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload") SELECT 'preview', 'file:' || f."sha256", jsonb_build_object('sha256', f."sha256") FROM (SELECT DISTINCT "sha256" FROM "attachments" WHERE "preview_status" = 'pending') f;
