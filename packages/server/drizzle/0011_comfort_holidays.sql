CREATE TABLE "comfort_holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"from_wall" text NOT NULL,
	"to_wall" text NOT NULL,
	"rooms" jsonb,
	"away_c" double precision,
	"use_day" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comfort_one_offs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"date" text NOT NULL,
	"use_day" integer NOT NULL,
	"rooms" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comfort_holidays" ADD CONSTRAINT "comfort_holidays_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comfort_one_offs" ADD CONSTRAINT "comfort_one_offs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comfort_holidays_group_idx" ON "comfort_holidays" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "comfort_one_offs_group_idx" ON "comfort_one_offs" USING btree ("group_id");