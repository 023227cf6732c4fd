// Check selection by id pattern: a prefix (`2026-07-28/http`) or a glob (`*/meta/*`).

export function matchesPattern(id: string, pattern: string): boolean {
  if (!pattern.includes('*')) return id === pattern || id.startsWith(pattern.endsWith('/') ? pattern : `${pattern}/`);
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegex).join('.*')}$`);
  return regex.test(id);
}

export function escapeRegex(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

export function selectIds<T extends { id: string }>(items: T[], include?: string[], exclude?: string[]): T[] {
  return items.filter(
    (item) =>
      (!include || include.length === 0 || include.some((pattern) => matchesPattern(item.id, pattern))) &&
      !(exclude ?? []).some((pattern) => matchesPattern(item.id, pattern)),
  );
}
