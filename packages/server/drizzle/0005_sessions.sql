CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Sign-ins from before sessions existed: each refresh token family still in use becomes a session.
INSERT INTO "sessions" ("id", "user_id", "created_at")
SELECT "family", min("user_id"::text)::uuid, min("created_at")
FROM "refresh_tokens" WHERE "revoked_at" IS NULL GROUP BY "family"
ON CONFLICT DO NOTHING;
