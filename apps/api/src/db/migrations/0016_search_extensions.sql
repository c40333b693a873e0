-- Inbox search (docs/inbox.md §4): trigram indexes serve case-insensitive substring search (ILIKE), and
-- btree_gin lets those GIN indexes lead with page_id, so a search reads one page's entries only.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
