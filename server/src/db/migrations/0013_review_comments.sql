-- The review thread of a version: what reviewers and the author say to each other about it.
-- A decision's comment (Request Changes, Approve with a note) is kept here too, with the
-- decision it came with, so the author reads every reviewer's words in one place.
CREATE TABLE "review_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"decision" "approval_status",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_version_id_sop_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sop_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_comments_version_idx" ON "review_comments" USING btree ("version_id","created_at");--> statement-breakpoint
CREATE INDEX "review_comments_author_idx" ON "review_comments" USING btree ("author_id");
