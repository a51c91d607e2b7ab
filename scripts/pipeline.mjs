// What a team's pipeline runs, and what a diff touches (docs/pipeline.md, "What a pipeline runs").
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from './topology.mjs';

/** Names a spec's header may list: the remotes, and `shell` for what only the site as a whole runs. */
const PIPELINE_NAMES = [...REMOTE_NAMES, 'shell'];
const HEADER = /^\/\/ Pipelines: (.*)$/m;

/** Each browser spec's header `// Pipelines: catalog, checkout`: the team pipelines that run it. */
export function readSpecMap(root) {
  const dir = path.join(root, 'e2e', 'tests');
  const map = new Map();
  const problems = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.spec.ts'))) {
    const header = HEADER.exec(readFileSync(path.join(dir, file), 'utf8'));
    const names = header ? header[1].split(',').map((name) => name.trim()) : [];
    const unknown = names.filter((name) => !PIPELINE_NAMES.includes(name));
    if (!header || names.length === 0 || names.includes('')) problems.push(`${file} has no "// Pipelines: …" line naming ${PIPELINE_NAMES.join(', ')}`);
    else if (unknown.length > 0) problems.push(`${file} names ${unknown.join(', ')}, not one of ${PIPELINE_NAMES.join(', ')}`);
    map.set(file, names);
  }
  return { map, problems };
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The repository as a pipeline sees it: its workspaces, the others each one uses, and the spec map. */
export function loadRepo(root) {
  const workspaces = readJson(path.join(root, 'package.json')).workspaces;
  const byName = new Map(workspaces.map((dir) => [readJson(path.join(root, dir, 'package.json')).name, dir]));
  const uses = new Map(
    workspaces.map((dir) => {
      const manifest = readJson(path.join(root, dir, 'package.json'));
      const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies });
      return [dir, names.filter((name) => byName.has(name)).map((name) => byName.get(name))];
    }),
  );
  const { map, problems } = readSpecMap(root);
  if (problems.length > 0) throw new Error(`the browser specs' pipeline map is incomplete:\n  ${problems.join('\n  ')}`);
  return { workspaces, uses, specMap: map, root };
}

/** The shared workspaces `dir` uses, directly or through another, in the workspaces' order. */
function sharedOf(dir, repo) {
  const seen = new Set();
  const visit = (at) => {
    for (const used of repo.uses.get(at) ?? []) {
      if (seen.has(used)) continue;
      seen.add(used);
      visit(used);
    }
  };
  visit(dir);
  return repo.workspaces.filter((w) => seen.has(w));
}

/**
 * One package's pipeline: its own type check, lint and jest suite, the jest suites of the shared
 * packages it uses, and the browser specs naming it (every spec, and the stack, for the shell and the API).
 */
export function pipelineOf(dir, repo) {
  const teams = repo.workspaces.filter((w) => w.startsWith('mf-') || w === 'shell' || w === 'api');
  if (!teams.includes(dir))
    throw new Error(`${dir} has no pipeline of its own (a shared package's change runs everything: npm test); one of ${teams.join(', ')}`);
  const whole = dir === 'shell' || dir === 'api';
  const name = dir.replace(/^mf-/, '');
  return {
    lint: [dir],
    typecheck: [dir],
    jest: [dir, ...sharedOf(dir, repo)],
    specs: whole ? [...repo.specMap.keys()] : [...repo.specMap].filter(([, names]) => names.includes(name)).map(([file]) => file),
    stack: whole,
  };
}

/** What a diff's files need: `everything` (with the files that ask for it), or the teams' pipelines, the specs changed and whether docs did. */
export function affected(files, repo) {
  const packages = new Set();
  const specs = new Set();
  const everything = [];
  let docs = false;
  for (const file of files) {
    const top = file.split('/')[0];
    if ((top.startsWith('mf-') || top === 'api') && repo.workspaces.includes(top)) packages.add(top);
    else if (/^e2e\/tests\/[^/]+\.spec\.ts$/.test(file)) specs.add(path.basename(file));
    else if (file.endsWith('.md') && (top === 'docs' || !file.includes('/'))) docs = true;
    else everything.push(file);
  }
  if (everything.length > 0) return { everything };
  return { packages: [...packages].sort(), specs: [...specs].filter((spec) => repo.specMap.has(spec)), docs };
}

/** The union of several pipelines, plus specs of their own; `lintAll` when the whole lint stage (docs' checks included) is due. */
function planOf(affectedFiles, repo) {
  const pipelines = affectedFiles.packages.map((dir) => pipelineOf(dir, repo));
  const union = (key) => repo.workspaces.filter((w) => pipelines.some((p) => p[key].includes(w)));
  const specs = new Set([...pipelines.flatMap((p) => p.specs), ...affectedFiles.specs]);
  return {
    lint: union('lint'),
    lintAll: affectedFiles.docs,
    typecheck: union('typecheck'),
    jest: union('jest'),
    specs: [...repo.specMap.keys()].filter((spec) => specs.has(spec)),
    stack: pipelines.some((p) => p.stack),
  };
}

function git(root, args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.split('\n').filter(Boolean);
}

/** Files changed since the commit `ref` and HEAD have in common, the work tree's uncommitted and new files included. */
export function changedSince(ref, root) {
  const [base] = git(root, ['merge-base', ref, 'HEAD']);
  const files = [...git(root, ['diff', '--name-only', base]), ...git(root, ['ls-files', '--others', '--exclude-standard'])];
  return [...new Set(files)].sort();
}

/** One line per stage, so a run's log says what it chose and why. */
function describePlan(plan) {
  const list = (items) => (items.length > 0 ? items.join(', ') : 'none');
  return [
    `lint: ${plan.lintAll ? 'the whole repository' : list(plan.lint)}`,
    `typecheck: ${list(plan.typecheck)}`,
    `jest: ${list(plan.jest)}`,
    `browser specs: ${plan.specs.length === 0 ? 'none' : `${plan.specs.length} (${plan.specs.join(', ')})`}`,
    `stack suite: ${plan.stack ? 'yes' : 'no'}`,
  ];
}

/** What `npm test -- --package DIR` or `-- --since REF` runs: null for everything, else a plan and its title; `log` says what was chosen. */
export function scopeOf({ package: dir, since }, root, log) {
  if (!dir && !since) return null;
  const repo = loadRepo(root);
  let title = `the pipeline of ${dir}`;
  let touched = { packages: [dir], specs: [], docs: false };
  if (!dir) {
    const files = changedSince(since, root);
    touched = affected(files, repo);
    if (touched.everything) {
      const named = touched.everything.slice(0, 5).join(', ') + (touched.everything.length > 5 ? ', …' : '');
      log(`since ${since}, ${named} changed: everything runs`);
      return null;
    }
    title = `since ${since}, ${files.length} files changed (${touched.packages.join(', ') || 'no package'})`;
  }
  const plan = planOf(touched, repo);
  log(`${title}:`);
  for (const line of describePlan(plan)) log(`  ${line}`);
  return { plan };
}
