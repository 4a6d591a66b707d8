-- An SOP that has ever had a version in force is withdrawn, never deleted (ISM 11): it keeps
-- every version, file, signature and attestation, and leaves lists, reading and ships.
ALTER TABLE "sops" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sops" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "sops" ADD COLUMN "withdrawal_reason" text;--> statement-breakpoint
ALTER TABLE "sops" ADD CONSTRAINT "sops_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A withdrawal always says when and why.
ALTER TABLE "sops" ADD CONSTRAINT "sops_withdrawal_check" CHECK (("withdrawn_at" is null) = ("withdrawal_reason" is null));
--> statement-breakpoint
CREATE INDEX "sops_withdrawn_by_idx" ON "sops" USING btree ("withdrawn_by");
