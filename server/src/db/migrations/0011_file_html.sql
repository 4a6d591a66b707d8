-- The document reader: a Word (docx) file as clean HTML, once per stored file (content
-- addressed by SHA-256), converted and sanitised in a document worker. A file's row exists
-- once conversion finished: `ready` with its HTML, or `failed` with the reason (kept, so a
-- file that cannot be converted is never tried again). Files without a row are pending.
CREATE TABLE "file_htmls" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL REFERENCES "stored_files"("sha256") ON DELETE CASCADE,
	"status" varchar(16) NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"error" text,
	"converted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_htmls_status_check" CHECK ("status" IN ('ready', 'failed'))
);
