-- The fleet: the vessel register, which vessels each SOP applies to, and what each ship holds.
CREATE TABLE "vessels" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"last_contact_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vessels_code_check" CHECK ("code" ~ '^[A-Z0-9-]{2,16}$')
);
--> statement-breakpoint
-- Empty: the SOP applies to every vessel. Codes are checked against the register when saved.
ALTER TABLE "sops" ADD COLUMN "vessel_codes" varchar(16)[] DEFAULT '{}'::varchar[] NOT NULL;
--> statement-breakpoint
CREATE TABLE "vessel_documents" (
	"vessel_code" varchar(16) NOT NULL REFERENCES "vessels"("code") ON DELETE CASCADE,
	"version_id" integer NOT NULL REFERENCES "sop_versions"("id") ON DELETE CASCADE,
	"received_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	PRIMARY KEY ("vessel_code", "version_id")
);
--> statement-breakpoint
CREATE INDEX "vessel_documents_version_idx" ON "vessel_documents" ("version_id");
