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
--> statement-breakpoint
-- At the office: per vessel, each message for it in order (per-vessel sequence), kept until
-- JetStream has stored it, and the fingerprint of every record last sent, so only changes travel.
CREATE TABLE "fleet_outbox" (
	"vessel_code" varchar(16) NOT NULL REFERENCES "vessels"("code") ON DELETE CASCADE,
	"seq" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	PRIMARY KEY ("vessel_code", "seq")
);
--> statement-breakpoint
CREATE INDEX "fleet_outbox_unsent_idx" ON "fleet_outbox" ("vessel_code", "seq") WHERE "sent_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "fleet_sent" (
	"vessel_code" varchar(16) NOT NULL REFERENCES "vessels"("code") ON DELETE CASCADE,
	"kind" varchar(20) NOT NULL,
	"key" text NOT NULL,
	"hash" text NOT NULL,
	PRIMARY KEY ("vessel_code", "kind", "key")
);
--> statement-breakpoint
-- On the receiving side: per origin, the last message applied (its sequence, and where it sits
-- in the local stream), written in the transaction that applies it: a duplicate changes nothing.
CREATE TABLE "fleet_applied" (
	"origin" varchar(40) PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"stream_seq" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- On board: an attachment whose file has not arrived yet; it is added when the bytes are in.
CREATE TABLE "fleet_pending_attachments" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fleet_pending_attachments_sha256_idx" ON "fleet_pending_attachments" ("sha256");
--> statement-breakpoint
-- Where an attestation was made: null ashore, the vessel's code when it came from a ship.
ALTER TABLE "attestations" ADD COLUMN "vessel_code" varchar(16);
