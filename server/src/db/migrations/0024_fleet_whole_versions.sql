-- On board: an SOP record whose version waits for its files; the version in force stays until
-- every file of the new one is on board, then the record is applied whole (decision 048).
CREATE TABLE "fleet_pending_versions" (
	"sop_id" integer PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"row" jsonb NOT NULL,
	"files" varchar(64)[] NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
