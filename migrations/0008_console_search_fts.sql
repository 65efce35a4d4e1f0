-- Console search (spec §5 "Search") through FTS5 trigram indexes instead of a LIKE scan.
-- Trigram tokens make a quoted phrase match any substring of 3+ characters, case-insensitively,
-- like the LIKE '%text%' it replaces. Each index row has the rowid of its source row; triggers
-- keep them in step. Written by hand: drizzle-kit cannot express virtual tables or triggers.
CREATE VIRTUAL TABLE `meetings_search` USING fts5(`name`, `company`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `meetings_search` (`rowid`, `name`, `company`) SELECT `rowid`, `name`, `company` FROM `meetings`;
--> statement-breakpoint
CREATE TRIGGER `meetings_search_insert` AFTER INSERT ON `meetings` BEGIN
  INSERT OR REPLACE INTO `meetings_search` (`rowid`, `name`, `company`) VALUES (new.`rowid`, new.`name`, new.`company`);
END;
--> statement-breakpoint
CREATE TRIGGER `meetings_search_delete` AFTER DELETE ON `meetings` BEGIN
  DELETE FROM `meetings_search` WHERE `rowid` = old.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `meetings_search_update` AFTER UPDATE OF `name`, `company` ON `meetings` BEGIN
  UPDATE `meetings_search` SET `name` = new.`name`, `company` = new.`company` WHERE `rowid` = new.`rowid`;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `subscriptions_search` USING fts5(`email`, `first_name`, `last_name`, `full_name`, `company_name`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `subscriptions_search` (`rowid`, `email`, `first_name`, `last_name`, `full_name`, `company_name`)
  SELECT `rowid`, `email`, `first_name`, `last_name`, `first_name` || ' ' || `last_name`, `company_name` FROM `subscriptions`;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_search_insert` AFTER INSERT ON `subscriptions` BEGIN
  INSERT OR REPLACE INTO `subscriptions_search` (`rowid`, `email`, `first_name`, `last_name`, `full_name`, `company_name`)
  VALUES (new.`rowid`, new.`email`, new.`first_name`, new.`last_name`, new.`first_name` || ' ' || new.`last_name`, new.`company_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_search_delete` AFTER DELETE ON `subscriptions` BEGIN
  DELETE FROM `subscriptions_search` WHERE `rowid` = old.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_search_update` AFTER UPDATE OF `email`, `first_name`, `last_name`, `company_name` ON `subscriptions` BEGIN
  UPDATE `subscriptions_search`
  SET `email` = new.`email`, `first_name` = new.`first_name`, `last_name` = new.`last_name`,
      `full_name` = new.`first_name` || ' ' || new.`last_name`, `company_name` = new.`company_name`
  WHERE `rowid` = new.`rowid`;
END;
