-- PostgreSQL's 0028 adds a partial index of the outbox rows still to send, for its planner
-- walked the primary key past every row already sent to claim the next (`ORDER BY id LIMIT
-- n`): 1 s a claim once 258,000 reports were out (issue 54). SQLite's planner reads the rows
-- to send from `outbox_due` (sent_at, failed_at, …) and sorts them (14 ms a claim with 40,000
-- waiting behind 260,000 sent, measured with and without the index: it never chose it), so
-- this migration only keeps the two databases' numbers in step.
SELECT 1;
