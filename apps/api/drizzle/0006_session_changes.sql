-- Every copy of the API keeps each signed-in account's role and session version in memory and
-- LISTENs on tmc_sessions: a change of either names the account once it commits (an empty name:
-- every account).
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('tmc_sessions', '');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tmc_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('tmc_sessions', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_session_change" AFTER UPDATE OF "role", "session_version" ON "users" FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."session_version" IS DISTINCT FROM NEW."session_version") EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_session_end" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_sessions_end" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
