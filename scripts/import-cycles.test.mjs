/**
 * The import-circle check of `npm run lint` (scripts/import-cycles.mjs) finds a circle made through
 * a type-only import, which ESLint's no-cycle leaves out, and passes files without one.
 *
 *   node --test scripts/import-cycles.test.mjs
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { circles, importGraph } from './import-cycles.mjs';

function filesOf(sources) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  const files = Object.entries(sources).map(([name, text]) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  });
  return { dir, files };
}

test('a circle through a type-only import is found, with every file in it', (t) => {
  const { dir, files } = filesOf({
    'config.ts': "import type { S3 } from './storage';\nexport type Settings = { s3: S3 };\n",
    'storage.ts':
      "import type { Settings } from './config';\nimport { limit } from './limits';\nexport type S3 = { bucket: string; settings?: Settings; limit: typeof limit };\n",
    'limits.ts': 'export const limit = 3;\n',
  });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  assert.deepEqual(
    circles(importGraph(files)).map((part) => part.map((file) => path.basename(file))),
    [['config.ts', 'storage.ts']],
  );
});

test('files that share a module of their own make no circle', (t) => {
  const { dir, files } = filesOf({
    'config.ts': "import type { S3 } from './s3';\nexport type Settings = { s3: S3 };\n",
    'storage.ts': "import type { S3 } from './s3';\nimport type { Settings } from './config';\nexport type Store = { s3: S3; settings: Settings };\n",
    's3.ts': 'export type S3 = { bucket: string };\n',
  });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  assert.deepEqual(circles(importGraph(files)), []);
});
