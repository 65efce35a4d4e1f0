-- Written by hand over drizzle-kit's output (decision 064). drizzle-kit rebuilds the table to add a
-- CHECK; on D1 the rebuild's DROP TABLE would cascade-delete every session, code and audit row that
-- references an admin. A column added with its own CHECK needs no rebuild; the snapshot records
-- the same constraint at table level, which is what the next generate compares against.
ALTER TABLE `admins` ADD `team_role` text CONSTRAINT "admins_team_role_check" CHECK(team_role IS NULL OR team_role IN ('owner', 'admin', 'sales', 'marketing', 'author'));--> statement-breakpoint
-- Every account approved before roles could do everything: it becomes an Owner. Pending and
-- rejected accounts get a role when an Owner or Admin approves them.
UPDATE `admins` SET `team_role` = 'owner' WHERE `status` = 'active';
