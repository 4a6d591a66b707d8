-- The audit chain becomes keyed (decision 059): each event's hash is an HMAC-SHA256, computed
-- by the server with AUDIT_KEY, which the database never holds. The database only renders the
-- content the HMAC covers (as 0017's digest did), and keeps which key chained the trail (its
-- fingerprint, never the key). An unkeyed SHA-256 chain can be recomputed by anyone who can
-- edit the rows; a keyed one only by whoever holds the key.
--
-- The events already recorded keep their SHA-256 hashes until the server's first start on this
-- version: it verifies them as they are, then re-keys them (a SQL migration cannot know the key).
-- `key_fingerprint` stays NULL until then.
ALTER TABLE "audit_chain" ADD COLUMN "key_fingerprint" varchar(12);
--> statement-breakpoint
-- The content an event's hash covers, as text the same on every PostgreSQL (see 0017).
CREATE FUNCTION "audit_event_content"(
	"id" integer, "actor_id" integer, "action" text, "entity_type" text, "entity_id" integer, "metadata" jsonb, "created_at" timestamptz
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT jsonb_build_array(id, actor_id, action, entity_type, entity_id, metadata, (extract(epoch FROM created_at) * 1000000)::bigint)::text
$$;
--> statement-breakpoint
-- Appending is the server's (it numbers the event and sets its keyed hash under the head's
-- lock); the database can no longer chain an event itself, so a row without a hash is refused.
CREATE OR REPLACE FUNCTION "audit_events_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.hash IS NULL THEN
		RAISE EXCEPTION 'An audit event is appended by SOP Harbor with its keyed hash; this insert gave none'
			USING ERRCODE = '23502';
	END IF;
	RETURN NEW;
END;
$$;
