-- A stage's sold and reserved tokens follow the orders that name it, whoever changes them (order
-- creation, the lapse job, a cancel, staff decisions, a credit with less than the quote, a revert
-- or a refund): an open (Pending, 0) order reserves its tokens, an accepted (1) one sold them,
-- any other status holds none. What an order gives back to a closed stage goes to its unsold
-- count, and what one takes from a closed stage (an order reopened) comes out of it: a closed
-- stage never has tokens left to sell.
CREATE FUNCTION "purchases_stage_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_reserved numeric := 0;
  old_sold numeric := 0;
  new_reserved numeric := 0;
  new_sold numeric := 0;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."stage_id" IS NOT NULL THEN
    IF OLD."status" = 0 THEN old_reserved := OLD."token_amount"; END IF;
    IF OLD."status" = 1 THEN old_sold := OLD."token_amount"; END IF;
  END IF;
  IF NEW."stage_id" IS NOT NULL THEN
    IF NEW."status" = 0 THEN new_reserved := NEW."token_amount"; END IF;
    IF NEW."status" = 1 THEN new_sold := NEW."token_amount"; END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."stage_id" IS NOT DISTINCT FROM NEW."stage_id" THEN
    IF old_reserved = new_reserved AND old_sold = new_sold THEN RETURN NULL; END IF;
    UPDATE "stages" SET
      "reserved" = "reserved" - old_reserved + new_reserved,
      "sold" = "sold" - old_sold + new_sold,
      "unsold" = "unsold" + CASE WHEN "state" = 'closed'
        THEN (old_reserved + old_sold) - (new_reserved + new_sold) ELSE 0 END,
      "updated_at" = now()
    WHERE "id" = NEW."stage_id";
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."stage_id" IS NOT NULL THEN
    UPDATE "stages" SET
      "reserved" = "reserved" - old_reserved,
      "sold" = "sold" - old_sold,
      "unsold" = "unsold" + CASE WHEN "state" = 'closed' THEN old_reserved + old_sold ELSE 0 END,
      "updated_at" = now()
    WHERE "id" = OLD."stage_id";
  END IF;
  IF NEW."stage_id" IS NOT NULL AND new_reserved + new_sold <> 0 THEN
    UPDATE "stages" SET
      "reserved" = "reserved" + new_reserved,
      "sold" = "sold" + new_sold,
      "unsold" = "unsold" - CASE WHEN "state" = 'closed' THEN new_reserved + new_sold ELSE 0 END,
      "updated_at" = now()
    WHERE "id" = NEW."stage_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "purchases_stage_tokens" AFTER INSERT OR UPDATE OF "status", "token_amount", "stage_id" ON "purchases" FOR EACH ROW EXECUTE FUNCTION "purchases_stage_tokens"();
--> statement-breakpoint
-- The public config names the active stage and what it has left: every change is heard (0005).
CREATE TRIGGER "stages_public_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stages" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_reads"();
