-- When each message a ship's copy sent was made (decision 082): on board, a 'receipt' row is the
-- moment the version became readable there and a 'withdrawal' row the moment the ship removed one,
-- which the inspection pack states. Rows made before this stay null (the time was never kept):
-- the column is added without a default first so they are not given the migration's time.
ALTER TABLE "fleet_sent" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fleet_sent" ALTER COLUMN "recorded_at" SET DEFAULT now();
