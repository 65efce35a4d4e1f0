/** Spec §9: words of the text without tags / 200, rounded up. */
export const WORDS_PER_MINUTE = 200;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The visible text of an HTML fragment: tags removed, common entities decoded. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === "#") {
      const code =
        entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

export function wordCount(html: string): number {
  const text = textOf(html).trim();
  return text ? text.split(/\s+/).length : 0;
}

/** Minutes to read an HTML body; at least 1 for any post with text. */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE));
}

export function readingTimeLabel(html: string): string {
  return `${readingMinutes(html)} min read`;
}
