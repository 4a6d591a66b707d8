-- Self-registration starts closed on a new installation; an account made through it waits for
-- an administrator's approval (inactive until then, so it reads nothing and is mailed nothing).
ALTER TABLE "users" ADD COLUMN "awaiting_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An existing installation keeps the registration it had: open (the old default) unless an
-- administrator closed it. A new one has no users yet, and the default (closed) applies.
INSERT INTO "app_settings" ("key", "value") SELECT 'registration_open', 'true'::jsonb WHERE EXISTS (SELECT 1 FROM "users") ON CONFLICT ("key") DO NOTHING;
