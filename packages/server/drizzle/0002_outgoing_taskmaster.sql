CREATE TABLE "quiet_home" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"excluded_nodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiet_home" ADD CONSTRAINT "quiet_home_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;