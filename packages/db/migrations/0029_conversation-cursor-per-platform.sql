-- Agents answer on several platforms now, so each cursor's source names its platform: every cursor so far was X's
-- ("mentions" becomes "x:mentions", "user:alice" becomes "x:user:alice").
UPDATE "conversation_cursor" SET "source" = 'x:' || "source";
