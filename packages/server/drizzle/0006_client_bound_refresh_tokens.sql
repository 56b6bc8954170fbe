ALTER TABLE "refresh_tokens" ADD COLUMN "client_id" text;--> statement-breakpoint
-- Sign-ins an assistant linked through an authorization code: their refresh tokens belong to
-- the client the code was issued to (the code names the session it started). The others were
-- obtained by the app's own client through the password grant and keep a null client_id.
UPDATE "refresh_tokens" AS r SET "client_id" = c."data" ->> 'clientId'
FROM "account_codes" AS c
WHERE c."purpose" = 'authorization_code' AND c."data" ->> 'sid' = r."family"::text;
