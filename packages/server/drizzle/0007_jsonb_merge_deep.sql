-- A report or write that names part of an object merges into what is stored, at every depth:
-- `{"extra_options":{"boost_time":30}}` changes boost_time and keeps the other extra_options.
-- Anything but two objects (a value, an array, a missing side) is replaced by the new value.
CREATE OR REPLACE FUNCTION "jsonb_merge_deep"("stored" jsonb, "patch" jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF jsonb_typeof("stored") IS DISTINCT FROM 'object' OR jsonb_typeof("patch") IS DISTINCT FROM 'object' THEN
    RETURN "patch";
  END IF;
  RETURN "stored" || coalesce((
    SELECT jsonb_object_agg(e.key,
      CASE WHEN jsonb_typeof(e.value) = 'object' AND jsonb_typeof("stored" -> e.key) = 'object'
           THEN "jsonb_merge_deep"("stored" -> e.key, e.value) ELSE e.value END)
    FROM jsonb_each("patch") AS e
  ), '{}'::jsonb);
END
$$;
