import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runtimeFiles } from './runtimeFiles';

describe('the runtime files a render server reads', () => {
  let distDir: string;
  let runtimeDir: string;
  beforeEach(() => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-dist-'));
    runtimeDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-runtime-'));
    writeFileSync(path.join(distDir, 'remotes.json'), '{"catalog":"http://build.test/mf-manifest.json"}');
  });
  afterEach(() => {
    rmSync(distDir, { recursive: true, force: true });
    rmSync(runtimeDir, { recursive: true, force: true });
  });

  it("reads the build's copy until the deployment has one of its own, and the build's again once it is removed", () => {
    const read = runtimeFiles(distDir, runtimeDir);
    expect(read('remotes.json')).toContain('build.test');
    writeFileSync(path.join(runtimeDir, 'remotes.json'), '{"catalog":"http://own.test/mf-manifest.json"}');
    expect(read('remotes.json')).toContain('own.test');
    rmSync(path.join(runtimeDir, 'remotes.json'));
    expect(read('remotes.json')).toContain('build.test');
  });

  it('gives the next read an edit made at once, even one of the same length', () => {
    const read = runtimeFiles(distDir, runtimeDir);
    const file = path.join(runtimeDir, 'remotes.json');
    writeFileSync(file, '{"catalog":"http://one.test/mf-manifest.json"}');
    expect(read('remotes.json')).toContain('one.test');
    writeFileSync(file, '{"catalog":"http://two.test/mf-manifest.json"}');
    expect(read('remotes.json')).toContain('two.test');
  });

  it('keeps a settled file, and still sees an edit of the same length made later', () => {
    const read = runtimeFiles(distDir, runtimeDir);
    const file = path.join(runtimeDir, 'remotes.json');
    writeFileSync(file, '{"catalog":"http://one.test/mf-manifest.json"}');
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(file, longAgo, longAgo);
    expect(read('remotes.json')).toContain('one.test');
    writeFileSync(file, '{"catalog":"http://two.test/mf-manifest.json"}');
    expect(read('remotes.json')).toContain('two.test');
  });
});
