/**
 * Import circles, type-only imports included (ESLint's import-x/no-cycle leaves those out): a
 * circle of types still ties its modules into one knot no reader can start from. Relative imports
 * of the repository's own files; `npm run lint` runs it and fails on any circle it finds.
 *
 *   node scripts/import-cycles.mjs
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const ENDINGS = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  // An ESM import may name the compiled file (`./x.js` for ./x.ts).
  const candidates = [...ENDINGS.map((ending) => base + ending), base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile() && SOURCE.test(file));
}

/** Each file's relative imports (and re-exports, and `import type`), resolved to files. */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.filter(({ fileName }) => fileName.startsWith('.')).map(({ fileName }) => resolve(file, fileName));
    graph.set(file, new Set(targets.filter(Boolean)));
  }
  return graph;
}

/** The graph's strongly connected parts of more than one file, or a file importing itself (Tarjan's algorithm). */
export function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const part = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || graph.get(file)?.has(file)) found.push(part.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

function repositoryFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => SOURCE.test(file) && !/(^|\/)(node_modules|dist)\//.test(file))
    .map((file) => path.join(ROOT, file))
    .filter((file) => existsSync(file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = circles(importGraph(repositoryFiles()));
  for (const part of found) console.error(`import circle: ${part.map((file) => path.relative(ROOT, file)).join(' ↔ ')}`);
  if (found.length > 0) {
    console.error(`${found.length} import circle(s): move what the files share into a module of its own (docs/how-to.md, "Lint and format").`);
    process.exit(1);
  }
}
