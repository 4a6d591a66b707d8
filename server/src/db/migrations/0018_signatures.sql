-- Electronic signatures: how the signer proved themselves when deciding or attesting
-- (their password or a passkey; null when no proof was asked for or given) and the SHA-256
-- of the version they signed (see version-digest.service.ts: the content's SHA-256 and the files'
-- SHA-256s, sorted). Rows made before this migration have neither.
ALTER TABLE "approval_signatures" ADD COLUMN "method" varchar(10);
--> statement-breakpoint
ALTER TABLE "approval_signatures" ADD COLUMN "content_sha256" varchar(64);
--> statement-breakpoint
ALTER TABLE "approval_signatures" ADD CONSTRAINT "approval_signatures_method_check" CHECK ("method" in ('password', 'passkey'));
--> statement-breakpoint
ALTER TABLE "attestations" ADD COLUMN "signature_method" varchar(10);
--> statement-breakpoint
ALTER TABLE "attestations" ADD COLUMN "content_sha256" varchar(64);
--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_signature_method_check" CHECK ("signature_method" in ('password', 'passkey'));
--> statement-breakpoint
-- Passkeys (WebAuthn credentials) a person registered on their account to sign with.
CREATE TABLE "passkey_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"credential_id" varchar(1400) NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "passkey_credentials_credential_key" ON "passkey_credentials" ("credential_id");
--> statement-breakpoint
CREATE INDEX "passkey_credentials_user_idx" ON "passkey_credentials" ("user_id");
