CREATE TABLE "sample_days" (
	"dev_id" text NOT NULL,
	"tz" text NOT NULL,
	"type" text NOT NULL,
	"addr" integer NOT NULL,
	"day" date NOT NULL,
	"energy_wh" double precision DEFAULT 0 NOT NULL,
	"temp_sum" double precision DEFAULT 0 NOT NULL,
	"temp_n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sample_days_dev_id_tz_type_addr_day_pk" PRIMARY KEY("dev_id","tz","type","addr","day")
);
--> statement-breakpoint
ALTER TABLE "sample_days" ADD CONSTRAINT "sample_days_dev_id_devs_dev_id_fk" FOREIGN KEY ("dev_id") REFERENCES "public"."devs"("dev_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Day totals for samples stored before this table existed, in each home's zone (UTC when unknown).
WITH zones AS (
	SELECT d.dev_id, coalesce((SELECT z.name FROM pg_timezone_names z WHERE z.name = g.geo_data->>'tz_code'), 'UTC') AS tz
	FROM devs d LEFT JOIN groups g ON g.id = d.group_id
), s AS (
	SELECT s.dev_id, z.tz, s.type, s.addr, s.t, s.temp, s.counter,
	       lead(s.counter) OVER (PARTITION BY s.dev_id, s.type, s.addr ORDER BY s.t) AS nc
	FROM samples s JOIN zones z ON z.dev_id = s.dev_id
)
INSERT INTO "sample_days" ("dev_id", "tz", "type", "addr", "day", "energy_wh", "temp_sum", "temp_n")
SELECT dev_id, tz, type, addr, (to_timestamp(t) AT TIME ZONE tz)::date,
       sum(CASE WHEN nc IS NULL THEN 0 WHEN nc >= counter THEN nc - counter ELSE nc END),
       coalesce(sum(temp), 0), count(temp)
FROM s GROUP BY dev_id, tz, type, addr, 5;
