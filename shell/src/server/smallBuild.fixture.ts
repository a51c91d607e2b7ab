import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A shell build as small as the server takes, whose manifest declares release 7.7.7; the catalog is down (nothing listens on port 9). */
export function smallBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'usedcars-shell-metrics-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Used Cars</title></head><body><div id="root"><!--root--><!--/root--></div></body></html>',
  );
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: '7.7.7' } }, shared: [] }));
  writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify({ catalog: 'http://127.0.0.1:9/mf-manifest.json' }));
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9' }));
  return dir;
}
