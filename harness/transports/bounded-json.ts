// Server JSON enters the harness nested at most MAX_JSON_DEPTH deep: a value nested thousands
// deep (a few KB on the wire) would otherwise make every later JSON.stringify throw, and with it
// the reports. Deeper parts are replaced by a marker that says what was cut.

export const MAX_JSON_DEPTH = 512;

export const DEPTH_MARKER = `[mcp-conform: nested deeper than ${MAX_JSON_DEPTH} levels; cut here]`;

/** JSON.parse, with containers below MAX_JSON_DEPTH replaced by DEPTH_MARKER; throws as JSON.parse does. */
export function parseBoundedJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  // Iterative: the walk itself must not recurse as deep as the value.
  const stack: Array<{ node: Record<string, unknown> | unknown[]; depth: number }> = [];
  if (typeof value === 'object' && value !== null) stack.push({ node: value as Record<string, unknown>, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const visit = (key: string | number) => {
      const child = (node as Record<string | number, unknown>)[key];
      if (typeof child !== 'object' || child === null) return;
      if (depth >= MAX_JSON_DEPTH) (node as Record<string | number, unknown>)[key] = DEPTH_MARKER;
      else stack.push({ node: child as Record<string, unknown>, depth: depth + 1 });
    };
    // Arrays by index: Object.keys of a million-item array would allocate a million strings.
    if (Array.isArray(node)) for (let i = 0; i < node.length; i++) visit(i);
    else for (const key in node) visit(key);
  }
  return value;
}
