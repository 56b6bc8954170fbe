CREATE TABLE "commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"dev_id" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dev_state" (
	"dev_id" text NOT NULL,
	"path" text NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_state_dev_id_path_pk" PRIMARY KEY("dev_id","path")
);
--> statement-breakpoint
CREATE TABLE "devs" (
	"dev_id" text PRIMARY KEY NOT NULL,
	"group_id" uuid,
	"name" text NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"fw_version" text DEFAULT '' NOT NULL,
	"serial_id" text DEFAULT '' NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"last_seen" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"geo_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extra_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"pending" boolean DEFAULT true NOT NULL,
	"code_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"dev_id" text NOT NULL,
	"type" text NOT NULL,
	"addr" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"installed" boolean DEFAULT true NOT NULL,
	"lost" boolean DEFAULT false NOT NULL,
	"status" jsonb,
	"setup" jsonb,
	"prog" jsonb,
	"version" jsonb,
	CONSTRAINT "nodes_dev_id_type_addr_pk" PRIMARY KEY("dev_id","type","addr")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"dev_id" text NOT NULL,
	"type" text NOT NULL,
	"addr" integer NOT NULL,
	"t" bigint NOT NULL,
	"temp" double precision,
	"counter" double precision NOT NULL,
	"max" double precision,
	"min" double precision,
	CONSTRAINT "samples_dev_id_type_addr_t_pk" PRIMARY KEY("dev_id","type","addr","t")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"serial_id" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_state" ADD CONSTRAINT "dev_state_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devs" ADD CONSTRAINT "devs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commands_pending_idx" ON "commands" USING btree ("dev_id","seq") WHERE "commands"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "devs_group_idx" ON "devs" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_group_email_idx" ON "guests" USING btree ("group_id","email");--> statement-breakpoint
CREATE INDEX "guests_user_idx" ON "guests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family");