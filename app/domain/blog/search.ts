/** Words of a search used at most; the rest are ignored (a search box, not a document). */
export const MAX_SEARCH_WORDS = 10;
export const MAX_SEARCH_LENGTH = 100;

/**
 * A visitor's search text as an FTS5 query that means only "these words": each word becomes a
 * quoted phrase (inside quotes every character is literal but `"`, which is doubled), so
 * AND, OR, NOT, NEAR, `*`, `^`, `:`, `-` and parentheses are plain text. Phrases side by side
 * must all match; the last word also matches as a prefix ("autom" finds "automation").
 * Null when nothing searchable is left.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .replaceAll("\u0000", "") // SQLite would end the string there, cutting off the closing quote
    .slice(0, MAX_SEARCH_LENGTH)
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return null;
  return words.map((word, i) => `"${word.replaceAll('"', '""')}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}
