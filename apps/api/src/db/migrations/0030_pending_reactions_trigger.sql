-- A reaction that came before its message (pending_reactions) goes on the message as it is inserted, by
-- whichever path stores it (the Send API's answer, the echo, the history sync): one place, not three
-- statements. Only the contact whose conversation it is can have reacted, as in setReaction. A BEFORE
-- trigger, so each insert's RETURNING already carries the reaction and the live event shows it.
CREATE FUNCTION "messages_take_pending_reaction"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  DELETE FROM "pending_reactions" WHERE "page_id" = NEW."page_id" AND "mid" = NEW."mid"
    RETURNING "psid", "reaction" INTO p;
  IF FOUND AND EXISTS (SELECT 1 FROM "contacts" WHERE "id" = NEW."contact_id" AND "psid" = p."psid") THEN
    NEW."reaction" := p."reaction";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_take_pending_reaction" BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_take_pending_reaction"();
