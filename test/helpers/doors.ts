// The doors of the layout table in DEVELOPERS.md, checked against the imports of the source files:
// pure functions over file texts, so a test can also feed them a tree that breaks a door.
import path from 'node:path';

/** Layer -> the layers it may import (`*`: any). */
export type Layout = Map<string, Set<string>>;

/** Rows of the markdown table under `## Layout`: `| \`layer\` | job | may import |`, backticked names in the last cell. */
export function parseLayout(markdown: string): Layout {
  const section = markdown.split(/^## Layout\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  const layout: Layout = new Map();
  for (const line of section.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const layer = /^`([^`]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!layer || cells.length < 3) continue;
    layout.set(layer, new Set([...cells[cells.length - 1].matchAll(/`([^`]+)`/g)].map((m) => m[1])));
  }
  return layout;
}

/** Relative specifiers of static imports, re-exports and dynamic imports. */
export function importsOf(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g);
  return [...found].map((m) => m[1]);
}

/** The longest table row that is the file (without .ts) or a folder holding it. */
export function layerOf(file: string, layout: Layout): string | undefined {
  const bare = file.replace(/\.ts$/, '');
  const rows = [...layout.keys()].filter((layer) => bare === layer || file.startsWith(`${layer}/`));
  return rows.sort((a, b) => b.length - a.length)[0];
}

/** The repository-relative file an import names (`.js` in the specifier stands for the `.ts` source). */
export function resolveImport(file: string, specifier: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, '.ts');
}

export interface Graph {
  /** file -> files it imports (only files of the tree). */
  files: Map<string, string[]>;
  problems: string[];
}

/** Every import checked against the table: files outside it and forbidden doors are problems. */
export function checkDoors(sources: Map<string, string>, layout: Layout): Graph {
  const files = new Map<string, string[]>();
  const problems: string[] = [];
  for (const [file, source] of sources) {
    const from = layerOf(file, layout);
    if (!from) problems.push(`${file}: in no layer of the layout table`);
    const targets = importsOf(source).map((specifier) => ({ specifier, target: resolveImport(file, specifier) }));
    files.set(
      file,
      targets.map((t) => t.target).filter((target) => sources.has(target)),
    );
    for (const { specifier, target } of targets) {
      const to = sources.has(target) ? layerOf(target, layout) : undefined;
      if (!from || !to || to === from) continue;
      const allowed = layout.get(from)!;
      if (!allowed.has('*') && !allowed.has(to))
        problems.push(`${file} -> ${specifier} (${from} may not import ${to})`);
    }
  }
  return { files, problems };
}

/** Strongly connected groups of more than one node (Tarjan), each sorted: the circles of a graph. */
export function cycles(graph: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The import graph folded onto layers: layer -> layers it imports. */
export function layerGraph(files: Map<string, string[]>, layout: Layout): Map<string, Set<string>> {
  const layers = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = layerOf(file, layout);
    if (!from) continue;
    const out = layers.get(from) ?? layers.set(from, new Set()).get(from)!;
    for (const target of targets) {
      const to = layerOf(target, layout);
      if (to && to !== from) out.add(to);
    }
  }
  return layers;
}
