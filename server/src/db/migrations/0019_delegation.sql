-- Delegation: an approver or admin away from `starts_on` to `ends_on` (calendar days in UTC,
-- both included) names a delegate, who meanwhile may decide the tasks the absent person could.
-- One absence per person: setting another replaces it.
CREATE TABLE "absences" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"delegate_id" integer NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absences_dates_check" CHECK ("ends_on" >= "starts_on"),
	CONSTRAINT "absences_not_self_check" CHECK ("delegate_id" <> "user_id")
);
--> statement-breakpoint
CREATE INDEX "absences_delegate_idx" ON "absences" ("delegate_id");
--> statement-breakpoint
-- A decision a delegate made: `user_id` is who decided, `on_behalf_of` the absent person it
-- counts for (a step's distinct people, and nobody deciding twice on one version).
ALTER TABLE "approval_signatures" ADD COLUMN "on_behalf_of" integer REFERENCES "users"("id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "approval_signatures" ADD CONSTRAINT "approval_signatures_not_for_self_check" CHECK ("on_behalf_of" <> "user_id");
--> statement-breakpoint
CREATE INDEX "approval_signatures_on_behalf_of_idx" ON "approval_signatures" ("on_behalf_of");
