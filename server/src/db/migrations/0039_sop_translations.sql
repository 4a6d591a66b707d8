-- Translated procedures: a translation of one SOP version into one of the app's languages, as
-- Markdown text or an uploaded file in the file store (never both), a draft until an approver
-- other than its author approves it; and the language each attestation was read in (null: the
-- original).
CREATE TABLE "sop_translations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sop_translations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"content" text,
	"original_name" varchar(255),
	"mime_type" varchar(127),
	"size" bigint,
	"sha256" varchar(64),
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"signature_method" varchar(10),
	CONSTRAINT "sop_translations_language_check" CHECK ("sop_translations"."language" in ('en', 'fil', 'id', 'hi', 'uk', 'es')),
	CONSTRAINT "sop_translations_status_check" CHECK ("sop_translations"."status" in ('draft', 'approved')),
	CONSTRAINT "sop_translations_approval_check" CHECK (("sop_translations"."status" = 'approved') = ("sop_translations"."approved_at" is not null)),
	CONSTRAINT "sop_translations_text_or_file_check" CHECK (("sop_translations"."content" is null) <> ("sop_translations"."sha256" is null)),
	CONSTRAINT "sop_translations_file_check" CHECK (("sop_translations"."sha256" is null) = ("sop_translations"."original_name" is null) and ("sop_translations"."sha256" is null) = ("sop_translations"."mime_type" is null) and ("sop_translations"."sha256" is null) = ("sop_translations"."size" is null)),
	CONSTRAINT "sop_translations_size_check" CHECK ("sop_translations"."size" between 0 and 10485760),
	CONSTRAINT "sop_translations_signature_method_check" CHECK ("sop_translations"."signature_method" in ('password', 'passkey'))
);
--> statement-breakpoint
ALTER TABLE "sop_translations" ADD CONSTRAINT "sop_translations_version_id_sop_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sop_versions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sop_translations" ADD CONSTRAINT "sop_translations_sha256_stored_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sop_translations" ADD CONSTRAINT "sop_translations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sop_translations" ADD CONSTRAINT "sop_translations_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sop_translations_version_language_key" ON "sop_translations" USING btree ("version_id","language");
--> statement-breakpoint
CREATE INDEX "sop_translations_sha256_idx" ON "sop_translations" USING btree ("sha256");
--> statement-breakpoint
CREATE INDEX "sop_translations_created_by_idx" ON "sop_translations" USING btree ("created_by");
--> statement-breakpoint
CREATE INDEX "sop_translations_approved_by_idx" ON "sop_translations" USING btree ("approved_by");
--> statement-breakpoint
ALTER TABLE "attestations" ADD COLUMN "language" varchar(8);
--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_language_check" CHECK ("attestations"."language" in ('en', 'fil', 'id', 'hi', 'uk', 'es'));
--> statement-breakpoint
-- The SOP's page lists its translations: its cached answer changes with them (0003_etag).
CREATE CONSTRAINT TRIGGER "sop_translations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sop_translations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();
