CREATE TABLE "charge_plans" (
	"dev_id" text NOT NULL,
	"addr" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"target_pct" double precision NOT NULL,
	"ready_by" text NOT NULL,
	"min_block_min" integer NOT NULL,
	"plan" jsonb,
	"planned_at" timestamp with time zone,
	"sent" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_plans_dev_id_addr_pk" PRIMARY KEY("dev_id","addr")
);
--> statement-breakpoint
CREATE TABLE "home_price_sources" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"currency" text NOT NULL,
	"slot_minutes" integer,
	"fallback_price_per_kwh" double precision,
	"last_fetch_at" timestamp with time zone,
	"last_error" text,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_guard_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"room" text NOT NULL,
	"kind" text NOT NULL,
	"to_c" double precision,
	"dry_run" boolean NOT NULL,
	"text" text NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_guards" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"dry_run" boolean DEFAULT true NOT NULL,
	"cap_kw" double precision NOT NULL,
	"instant_cap_kw" double precision,
	"priority" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monitor" text,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_plans" ADD CONSTRAINT "charge_plans_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_price_sources" ADD CONSTRAINT "home_price_sources_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_guard_actions" ADD CONSTRAINT "power_guard_actions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_guards" ADD CONSTRAINT "power_guards_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "power_guard_actions_group_at_idx" ON "power_guard_actions" USING btree ("group_id","at");