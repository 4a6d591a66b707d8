-- One content-addressed store for every stored byte. Existing blobs move into 1 MB chunk
-- rows keyed by the checksum their record carried (so a blob that was already corrupt keeps
-- failing its check instead of being silently re-keyed); records then point at the hash.
-- With the files kept on disk, the server moves these chunks to DATA_DIR at start.
CREATE TABLE "stored_files" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"sha256" varchar(64) NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "stored_file_chunks_sha256_seq_pk" PRIMARY KEY("sha256","seq")
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_sha256_stored_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."stored_files"("sha256") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TEMPORARY TABLE "legacy_blobs" AS
	SELECT DISTINCT ON ("checksum") "checksum" AS "sha256", "data" FROM (
		SELECT "checksum", "data" FROM "attachment_blobs"
		UNION ALL SELECT "checksum", "data" FROM "attachment_previews"
		UNION ALL SELECT "checksum", "data" FROM "daily_program_blobs"
		UNION ALL SELECT "checksum", "data" FROM "itinerary_blobs"
		UNION ALL SELECT "checksum", "data" FROM "pending_uploads" WHERE "data" IS NOT NULL AND "checksum" IS NOT NULL
	) AS "all_blobs" ORDER BY "checksum";
--> statement-breakpoint
INSERT INTO "stored_files" ("sha256", "size") SELECT "sha256", length("data") FROM "legacy_blobs";
--> statement-breakpoint
INSERT INTO "stored_file_chunks" ("sha256", "seq", "data")
	SELECT b."sha256", g."seq", substring(b."data" FROM g."seq" * 1048576 + 1 FOR 1048576)
	FROM "legacy_blobs" b
	CROSS JOIN LATERAL generate_series(0, greatest((length(b."data") - 1) / 1048576, 0)) AS g("seq");
--> statement-breakpoint
DROP TABLE "legacy_blobs";
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "sha256" varchar(64);
--> statement-breakpoint
UPDATE "attachments" a SET "sha256" = b."checksum" FROM "attachment_blobs" b WHERE b."attachment_id" = a."id";
--> statement-breakpoint
ALTER TABLE "attachment_previews" ADD COLUMN "sha256" varchar(64);
--> statement-breakpoint
UPDATE "attachment_previews" SET "sha256" = "checksum";
--> statement-breakpoint
ALTER TABLE "attachment_previews" ALTER COLUMN "sha256" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "attachment_previews" DROP COLUMN "data";
--> statement-breakpoint
ALTER TABLE "attachment_previews" DROP COLUMN "checksum";
--> statement-breakpoint
ALTER TABLE "daily_programs" ADD COLUMN "sha256" varchar(64);
--> statement-breakpoint
UPDATE "daily_programs" p SET "sha256" = b."checksum" FROM "daily_program_blobs" b WHERE b."program_id" = p."id";
--> statement-breakpoint
ALTER TABLE "daily_programs" ALTER COLUMN "sha256" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "sha256" varchar(64);
--> statement-breakpoint
UPDATE "itineraries" i SET "sha256" = b."checksum" FROM "itinerary_blobs" b WHERE b."itinerary_id" = i."id";
--> statement-breakpoint
ALTER TABLE "itineraries" ALTER COLUMN "sha256" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD COLUMN "sha256" varchar(64);
--> statement-breakpoint
UPDATE "pending_uploads" SET "sha256" = "checksum" WHERE "data" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "pending_uploads" DROP COLUMN "data";
--> statement-breakpoint
ALTER TABLE "pending_uploads" DROP COLUMN "checksum";
--> statement-breakpoint
DROP TABLE "attachment_blobs";
--> statement-breakpoint
DROP TABLE "daily_program_blobs";
--> statement-breakpoint
DROP TABLE "itinerary_blobs";
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_sha256_stored_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attachment_previews" ADD CONSTRAINT "attachment_previews_sha256_stored_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "daily_programs" ADD CONSTRAINT "daily_programs_sha256_stored_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_sha256_stored_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_sha256_stored_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "attachments_sha256_idx" ON "attachments" USING btree ("sha256");
--> statement-breakpoint
CREATE INDEX "attachment_previews_sha256_idx" ON "attachment_previews" USING btree ("sha256");
--> statement-breakpoint
CREATE INDEX "daily_programs_sha256_idx" ON "daily_programs" USING btree ("sha256");
--> statement-breakpoint
CREATE INDEX "itineraries_sha256_idx" ON "itineraries" USING btree ("sha256");
--> statement-breakpoint
CREATE INDEX "pending_uploads_sha256_idx" ON "pending_uploads" USING btree ("sha256");
