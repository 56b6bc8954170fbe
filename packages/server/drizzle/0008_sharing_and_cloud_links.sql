CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"actor" text NOT NULL,
	"source" text NOT NULL,
	"via" text DEFAULT '' NOT NULL,
	"dev_id" text,
	"node_type" text,
	"node_addr" integer,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"upstream" text NOT NULL,
	"email" text NOT NULL,
	"password_enc" text,
	"state" text DEFAULT 'linked' NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_links" (
	"dev_id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"upstream_dev_id" text NOT NULL,
	"last_update_at" timestamp with time zone,
	"history_state" text DEFAULT 'pending' NOT NULL,
	"history_from" timestamp with time zone,
	"history_done_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_roles" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'resident' NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_accounts" ADD CONSTRAINT "cloud_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_links" ADD CONSTRAINT "cloud_links_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_links" ADD CONSTRAINT "cloud_links_account_id_cloud_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cloud_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_roles" ADD CONSTRAINT "member_roles_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_group_at_idx" ON "activity_log" USING btree ("group_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_accounts_user_upstream_email_idx" ON "cloud_accounts" USING btree ("user_id","upstream","email");--> statement-breakpoint
CREATE INDEX "cloud_links_account_idx" ON "cloud_links" USING btree ("account_id");