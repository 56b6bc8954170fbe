CREATE TABLE "comfort_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dev_id" text NOT NULL,
	"type" text NOT NULL,
	"addr" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comfort_rooms" (
	"dev_id" text NOT NULL,
	"type" text NOT NULL,
	"addr" integer NOT NULL,
	"optimum_start" boolean DEFAULT false NOT NULL,
	"window_detection" boolean DEFAULT false NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"window_hold_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comfort_rooms_dev_id_type_addr_pk" PRIMARY KEY("dev_id","type","addr")
);
--> statement-breakpoint
ALTER TABLE "comfort_decisions" ADD CONSTRAINT "comfort_decisions_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comfort_rooms" ADD CONSTRAINT "comfort_rooms_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comfort_decisions_node_at_idx" ON "comfort_decisions" USING btree ("dev_id","type","addr","at");--> statement-breakpoint
CREATE INDEX "comfort_decisions_at_idx" ON "comfort_decisions" USING btree ("at");