-- Single sign-on links a provider's account (issuer and subject, which never change) to one
-- account here; an e-mail address is used only once, to make the first link, and only when the
-- provider states it verified. Self-registered addresses were never checked: they do not link.
CREATE TABLE "sso_identities" (
	"issuer" varchar(500) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" USING btree ("user_id");--> statement-breakpoint
-- Whether the account's e-mail address may link a provider's account by itself: true for
-- accounts an administrator made, false for self-registered ones (nobody checked the address).
ALTER TABLE "users" ADD COLUMN "email_trusted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "email_trusted" = false WHERE EXISTS (SELECT 1 FROM "audit_events" e WHERE e.action = 'user_registered' AND e.entity_type = 'user' AND e.entity_id = u.id);
