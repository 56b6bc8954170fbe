CREATE TABLE "home_tariffs" (
	"group_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"tariff" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_tariffs_group_id_valid_from_pk" PRIMARY KEY("group_id","valid_from")
);
--> statement-breakpoint
ALTER TABLE "home_tariffs" ADD CONSTRAINT "home_tariffs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;