-- An ended session (signed out, ended by an administrator, expired and swept) moves the data
-- version, as a changed user does: an app instance holds a session read in memory only while the
-- version it was read at is current, so every instance stops honouring the cookie at once.
CREATE CONSTRAINT TRIGGER "session_data_version" AFTER DELETE ON "session" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();
