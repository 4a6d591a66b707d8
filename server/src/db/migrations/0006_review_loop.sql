-- Review frequency was a number of days (1 to 3650 since 0005_hardening) that nothing used;
-- it is now whole months, 1 to 60. The days check goes first, then the stored values become
-- the nearest whole month (365 -> 12, 90 -> 3, 30 -> 1), kept within 1..60 (anything under
-- half a month becomes 1, over five years 60), and only then does the months check apply.
-- The data-version trigger fires at once here: a deferred event still pending would make
-- the ALTER TABLE below fail.
SET CONSTRAINTS "sops_data_version" IMMEDIATE;--> statement-breakpoint
ALTER TABLE "sops" DROP CONSTRAINT "sops_review_frequency_check";--> statement-breakpoint
UPDATE "sops" SET "review_frequency" = LEAST(60, GREATEST(1, ROUND("review_frequency" / 30.4375)::integer))
  WHERE "review_frequency" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sops" ADD CONSTRAINT "sops_review_frequency_check" CHECK ("review_frequency" BETWEEN 1 AND 60);--> statement-breakpoint
CREATE TABLE "sop_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sop_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sop_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"comments" text
);
--> statement-breakpoint
ALTER TABLE "sop_reviews" ADD CONSTRAINT "sop_reviews_sop_id_sops_id_fk" FOREIGN KEY ("sop_id") REFERENCES "public"."sops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_reviews" ADD CONSTRAINT "sop_reviews_version_id_sop_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sop_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_reviews" ADD CONSTRAINT "sop_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sop_reviews_sop_idx" ON "sop_reviews" USING btree ("sop_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "sop_reviews_version_idx" ON "sop_reviews" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "sop_reviews_reviewed_by_idx" ON "sop_reviews" USING btree ("reviewed_by");--> statement-breakpoint
-- A review restarts the clock the SOP list and detail answers show, so it moves their data version.
CREATE CONSTRAINT TRIGGER "sop_reviews_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sop_reviews" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();
