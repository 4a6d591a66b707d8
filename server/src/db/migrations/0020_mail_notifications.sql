-- The kinds of notification e-mail each person has switched off (a missing row: on).
CREATE TABLE "mail_opt_outs" (
	"user_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	CONSTRAINT "mail_opt_outs_pkey" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One row per SOP and periodic review due day that was mailed: the hourly scan never mails a due review twice.
CREATE TABLE "review_due_mails" (
	"sop_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_due_mails_pkey" PRIMARY KEY("sop_id","due_on")
);
--> statement-breakpoint
ALTER TABLE "review_due_mails" ADD CONSTRAINT "review_due_mails_sop_id_sops_id_fk" FOREIGN KEY ("sop_id") REFERENCES "public"."sops"("id") ON DELETE cascade ON UPDATE no action;
