import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The API's imports run one way: routes → services → repositories → db → config, with lib between
 * the modules and db, and no circle of files or of modules. Read from the sources with the
 * TypeScript compiler's import scanner (type-only imports count: they tie files together too).
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target, `${target}.ts`, path.join(target, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  throw new Error(`${rel(from)} imports ${specifier}, which does not exist`);
}

const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');

const files = sourceFiles(src);
const imports = new Map(
  files.map((file) => {
    const scanned = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = scanned.importedFiles
      .map((ref) => resolveImport(file, ref.fileName))
      .filter((target): target is string => target !== null && target.startsWith(src));
    return [file, [...new Set(targets)]] as const;
  }),
);
const edges = [...imports].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** Lower numbers sit lower: a file imports its own layer or a lower one. */
function layerOf(file: string): { name: string; rank: number } {
  const first = rel(file).split('/')[0]!;
  const ranks: Record<string, number> = {
    'config.ts': 0,
    db: 1,
    lib: 2,
    modules: 3,
    dev: 4,
    'app.ts': 4,
    cli: 5,
    'server.ts': 5,
  };
  const rank = ranks[first];
  if (rank === undefined) throw new Error(`${rel(file)} is in no layer; give its folder one`);
  return { name: first, rank };
}

/** A lib file that imports nothing of the app (safe-error, money): usable from any layer. */
const isLeafHelper = (file: string) =>
  layerOf(file).name === 'lib' && (imports.get(file) ?? []).length === 0;

const moduleOf = (file: string) => {
  const parts = rel(file).split('/');
  return parts[0] === 'modules' && parts.length > 2 ? parts[1]! : null;
};

/** Inside a module: routes (3) → services (2) → repositories (1); other files are helpers. */
const roleOf = (file: string) =>
  file.endsWith('.routes.ts')
    ? 3
    : file.endsWith('.service.ts')
      ? 2
      : file.endsWith('.repo.ts')
        ? 1
        : 0;

/** Strongly connected groups of more than one node (Tarjan). */
function circles<T>(nodes: T[], next: (node: T) => T[]): T[][] {
  let counter = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const visit = (node: T) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: T[] = [];
      let member: T;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group);
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

describe('API imports', () => {
  it('reads the whole source tree', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(edges.length).toBeGreaterThan(500);
  });

  it('form no circle of files', () => {
    const found = circles(files, (file) => [...(imports.get(file) ?? [])]).map((group) =>
      group.map(rel),
    );
    expect(found).toEqual([]);
  });

  it('never point up the layers: routes → services → repositories → db → config, lib below the modules', () => {
    const upward = edges
      .filter(({ from, to }) => layerOf(to).rank > layerOf(from).rank && !isLeafHelper(to))
      .map(({ from, to }) => `${rel(from)} → ${rel(to)}`);
    expect(upward).toEqual([]);
  });

  it('never point up inside a module: a repository imports no service or routes, a service no routes', () => {
    const upward = edges
      .filter(({ from, to }) => roleOf(from) > 0 && roleOf(to) > roleOf(from))
      .map(({ from, to }) => `${rel(from)} → ${rel(to)}`);
    expect(upward).toEqual([]);
  });

  it('form no circle of modules: a module never imports one that imports it back', () => {
    const modules = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (!a || !b || a === b) continue;
      modules.set(a, (modules.get(a) ?? new Set()).add(b));
    }
    expect(modules.size).toBeGreaterThan(5);
    const found = circles([...modules.keys()], (name) => [...(modules.get(name) ?? [])]);
    expect(found).toEqual([]);
  });
});
