-- Blog search (issue 16, decision 028): an FTS5 index of each post's title, excerpt and text
-- (the markdown), word-based with English stemming ("automate" finds "automation"). Each index
-- row has the rowid of its post; triggers keep them in step. Only published posts are shown
-- (the query joins blog_posts). Written by hand: drizzle-kit cannot express virtual tables or triggers.
CREATE VIRTUAL TABLE `blog_search` USING fts5(`title`, `excerpt`, `body`, tokenize = 'porter unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `blog_search` (`rowid`, `title`, `excerpt`, `body`) SELECT `rowid`, `title`, `excerpt`, `content` FROM `blog_posts`;
--> statement-breakpoint
CREATE TRIGGER `blog_search_insert` AFTER INSERT ON `blog_posts` BEGIN
  INSERT OR REPLACE INTO `blog_search` (`rowid`, `title`, `excerpt`, `body`) VALUES (new.`rowid`, new.`title`, new.`excerpt`, new.`content`);
END;
--> statement-breakpoint
CREATE TRIGGER `blog_search_delete` AFTER DELETE ON `blog_posts` BEGIN
  DELETE FROM `blog_search` WHERE `rowid` = old.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `blog_search_update` AFTER UPDATE OF `title`, `excerpt`, `content` ON `blog_posts` BEGIN
  UPDATE `blog_search` SET `title` = new.`title`, `excerpt` = new.`excerpt`, `body` = new.`content` WHERE `rowid` = new.`rowid`;
END;
