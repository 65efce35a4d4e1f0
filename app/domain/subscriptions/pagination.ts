export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/** Spec §9: first, last, current ±1, with ellipses for the gaps. */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [i, page] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) {
      items.push(page < current ? "ellipsis-start" : "ellipsis-end");
    }
    items.push(page);
  }
  return items;
}

/** "Showing X to Y of Z users" figures. */
export function showingRange(page: number, limit: number, total: number) {
  if (total === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * limit + 1;
  return { from, to: Math.min(total, page * limit), total };
}
