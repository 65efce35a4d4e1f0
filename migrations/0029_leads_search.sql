-- The lead inbox's search (issue 26) through an FTS5 trigram index instead of an instr scan of
-- every lead: a quoted phrase of 3+ characters matches any substring of the name, email or
-- company, case-insensitively, as the scan did (decision 016's console search index). Each index
-- row has the rowid of its lead; triggers keep them in step. Written by hand: drizzle-kit cannot
-- express virtual tables or triggers.
CREATE VIRTUAL TABLE `leads_search` USING fts5(`name`, `email`, `company`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `leads_search` (`rowid`, `name`, `email`, `company`) SELECT `rowid`, `name`, `email`, `company` FROM `leads`;
--> statement-breakpoint
CREATE TRIGGER `leads_search_insert` AFTER INSERT ON `leads` BEGIN
  INSERT OR REPLACE INTO `leads_search` (`rowid`, `name`, `email`, `company`) VALUES (new.`rowid`, new.`name`, new.`email`, new.`company`);
END;
--> statement-breakpoint
CREATE TRIGGER `leads_search_delete` AFTER DELETE ON `leads` BEGIN
  DELETE FROM `leads_search` WHERE `rowid` = old.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `leads_search_update` AFTER UPDATE OF `name`, `email`, `company` ON `leads` BEGIN
  UPDATE `leads_search` SET `name` = new.`name`, `email` = new.`email`, `company` = new.`company` WHERE `rowid` = new.`rowid`;
END;
