-- Required reading reads the version in force of many SOPs at once (the newest published
-- version of each) and counts, per version in force, who has attested it.
CREATE INDEX "sop_versions_published_idx" ON "sop_versions" USING btree ("sop_id","id") WHERE is_published;--> statement-breakpoint
-- (version_id, user_id) answers "who read this version" from the index alone and replaces
-- the plain version_id index (its prefix); (user_id, version_id) stays unique.
CREATE INDEX "attestations_version_user_idx" ON "attestations" USING btree ("version_id","user_id");--> statement-breakpoint
DROP INDEX "attestations_version_idx";
