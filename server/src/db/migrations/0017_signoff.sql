-- A record that shows tampering: each audit event carries a SHA-256 over its own content and
-- the previous event's hash, so an event edited, removed or slipped in later (in the database
-- or in a restored backup) breaks the chain at that event.
--
-- `audit_chain` is the chain's head: the last event's id and hash, one row. Appending locks it
-- (SELECT ... FOR UPDATE) inside the appending transaction, so appends from any number of
-- server instances queue on that row and form one chain; the lock also numbers the events
-- (id = the head's id + 1), so the chain's order is the order of ids. The head also shows
-- events removed from the end of the trail.
CREATE TABLE "audit_chain" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_id" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	CONSTRAINT "audit_chain_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" varchar(64);
--> statement-breakpoint
-- The content an event's hash covers, as text the same on every PostgreSQL (jsonb renders its
-- keys in one order; the time as microseconds since 1970, whatever the session's time zone).
CREATE FUNCTION "audit_event_digest"(
	"prev" text, "id" integer, "actor_id" integer, "action" text, "entity_type" text, "entity_id" integer, "metadata" jsonb, "created_at" timestamptz
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT encode(sha256(convert_to(
		coalesce(prev, '') || jsonb_build_array(id, actor_id, action, entity_type, entity_id, metadata, (extract(epoch FROM created_at) * 1000000)::bigint)::text,
		'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION "audit_events_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	head record;
BEGIN
	-- A restore writes events with the hashes they were made with; it verifies the chain after.
	IF NEW.hash IS NOT NULL THEN
		RETURN NEW;
	END IF;
	INSERT INTO audit_chain (id, last_id, hash) VALUES (1, 0, '') ON CONFLICT (id) DO NOTHING;
	SELECT last_id, audit_chain.hash INTO head FROM audit_chain WHERE id = 1 FOR UPDATE;
	NEW.id := head.last_id + 1;
	NEW.hash := audit_event_digest(head.hash, NEW.id, NEW.actor_id, NEW.action, NEW.entity_type, NEW.entity_id, NEW.metadata, NEW.created_at);
	UPDATE audit_chain SET last_id = NEW.id, hash = NEW.hash WHERE id = 1;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The events recorded before this version are chained in the order of their ids.
ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_no_update_or_delete";
--> statement-breakpoint
DO $$
DECLARE
	r record;
	prev text := '';
	last integer := 0;
BEGIN
	FOR r IN SELECT * FROM audit_events ORDER BY id LOOP
		prev := audit_event_digest(prev, r.id, r.actor_id, r.action, r.entity_type, r.entity_id, r.metadata, r.created_at);
		UPDATE audit_events SET hash = prev WHERE id = r.id;
		last := r.id;
	END LOOP;
	IF last > 0 THEN
		INSERT INTO audit_chain (id, last_id, hash) VALUES (1, last, prev);
	END IF;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_no_update_or_delete";
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "audit_events_chain" BEFORE INSERT ON "audit_events"
	FOR EACH ROW EXECUTE FUNCTION "audit_events_chain"();
--> statement-breakpoint
-- Revision classes: what the submitter (or the approver, approving) says a version changes.
-- An editorial version (typo, layout) carries the attestations of the version it replaces.
ALTER TABLE "sop_versions" ADD COLUMN "revision_class" varchar(10) DEFAULT 'major' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sop_versions" ADD CONSTRAINT "sop_versions_revision_class_check" CHECK ("revision_class" in ('major', 'minor', 'editorial'));
--> statement-breakpoint
-- An attestation carried over to an editorial version names the version it was made for.
ALTER TABLE "attestations" ADD COLUMN "carried_from_version_id" integer REFERENCES "sop_versions"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "attestations_carried_from_idx" ON "attestations" ("carried_from_version_id");
--> statement-breakpoint
-- Review routes: a department's (or its division's) ordered approval steps, each
-- { name, approverIds (null: any approver), required }. No route: one step, any approver.
ALTER TABLE "departments" ADD COLUMN "approval_route" jsonb;
--> statement-breakpoint
-- A task keeps the route it was submitted under (null: the single default step) and the step it is at.
ALTER TABLE "approval_tasks" ADD COLUMN "route_steps" jsonb;
--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD COLUMN "step_index" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Each decision on a step: who, in what capacity (meaning), at which step. One per person and task.
CREATE TABLE "approval_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"task_id" integer NOT NULL REFERENCES "approval_tasks"("id") ON DELETE CASCADE,
	"version_id" integer NOT NULL REFERENCES "sop_versions"("id") ON DELETE CASCADE,
	"step_index" integer NOT NULL,
	"step_name" varchar(100) NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"meaning" varchar(30) NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_signatures_meaning_check" CHECK ("meaning" in ('approved', 'reviewed', 'changes_requested', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "approval_signatures_task_user_key" ON "approval_signatures" ("task_id", "user_id");
--> statement-breakpoint
CREATE INDEX "approval_signatures_version_idx" ON "approval_signatures" ("version_id");
--> statement-breakpoint
CREATE INDEX "approval_signatures_user_idx" ON "approval_signatures" ("user_id");
--> statement-breakpoint
-- People added to one step of one task ('Add Co-Approver'): each must sign before the step is done.
CREATE TABLE "approval_co_approvers" (
	"task_id" integer NOT NULL REFERENCES "approval_tasks"("id") ON DELETE CASCADE,
	"step_index" integer NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"added_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("task_id", "step_index", "user_id")
);
--> statement-breakpoint
CREATE INDEX "approval_co_approvers_user_idx" ON "approval_co_approvers" ("user_id");
--> statement-breakpoint
CREATE INDEX "approval_co_approvers_added_by_idx" ON "approval_co_approvers" ("added_by");
