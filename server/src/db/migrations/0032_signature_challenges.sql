-- A passkey signature's challenge: handed to one person for one thing (a version, with the
-- digest of its text and files then, or an SOP being withdrawn), consumed by one statement
-- (delete ... returning), so one assertion never signs twice, whatever the authenticator's
-- counter and however many instances share the database.
CREATE TABLE "signature_challenges" (
	"challenge" varchar(200) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"target" varchar(100) NOT NULL,
	"content_sha256" varchar(64),
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_challenges" ADD CONSTRAINT "signature_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_challenges_expires_idx" ON "signature_challenges" USING btree ("expires_at");
--> statement-breakpoint
-- Every foreign key is indexed: deleting the row it points at never scans the table.
CREATE INDEX "signature_challenges_user_idx" ON "signature_challenges" USING btree ("user_id");
