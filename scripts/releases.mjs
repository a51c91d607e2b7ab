// A team's release commands (docs/releases.md, "A team's day"); the token only from DEPLOY_TOKEN, never an argument npm would log.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError, analysesText, historyTable, rampOf, verdictLine, watchCanaries } from './release-views.mjs';
import { buildMissing } from './site/build.mjs';
import { FRONT_ENDS, REMOTE_NAMES } from './topology.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const OPTIONS = {
  site: { type: 'string' },
  api: { type: 'string' },
  token: { type: 'string' },
  canary: { type: 'string' },
  dist: { type: 'string' },
  to: { type: 'string' },
  reason: { type: 'string' },
  remote: { type: 'string' },
  ramp: { type: 'string' },
  every: { type: 'string' },
  watch: { type: 'boolean' },
};

/** What is published of a build: everything but source maps (uploaded apart, never served) and the pre-compressed copies (the host compresses). */
export function filesToPublish(dist, under = '') {
  const files = [];
  for (const entry of readdirSync(path.join(dist, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...filesToPublish(dist, relative));
    else if (!/\.(map|br|gz)$/.test(entry.name) && !/\.map\./.test(entry.name)) files.push(relative);
  }
  return files.sort();
}

/** A build's source maps: the API keeps them private and shows an error's frames in the source with them (docs/releases.md, "Errors"). */
function sourceMapsOf(dist, under = '') {
  const maps = [];
  for (const entry of readdirSync(path.join(dist, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) maps.push(...sourceMapsOf(dist, relative));
    else if (entry.name.endsWith('.map')) maps.push(relative);
  }
  return maps.sort();
}

/** The package's version and the hash of what is published: the same build always gets the same version. */
export function versionOf(dist, files, packageVersion) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(path.join(dist, file)));
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

async function apiOf(values) {
  if (values.api) return values.api.replace(/\/+$/, '');
  if (!values.site) throw new UsageError('--site (the site’s address) is required');
  const response = await fetch(new URL('/config.json', values.site));
  if (!response.ok) throw new Error(`${values.site}/config.json responded ${response.status}`);
  return String((await response.json()).apiUrl).replace(/\/+$/, '');
}

async function call(api, method, route, token, body) {
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`${api}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${answer.message ?? ''}`.trim());
  return answer;
}

function tokenOf(values, env) {
  if (values.token !== undefined)
    throw new UsageError(
      '--token is not taken: npm prints a command’s arguments into its output (and every log). Put the token in DEPLOY_TOKEN instead: export DEPLOY_TOKEN=…',
    );
  const token = env.DEPLOY_TOKEN?.trim();
  if (!token)
    throw new UsageError(
      'DEPLOY_TOKEN is not set: ask an admin for a deploy token of this remote (npm run deploy-token -w api -- --remote NAME), then export DEPLOY_TOKEN=…',
    );
  return token;
}

function shareOf(values, ramp) {
  if (values.canary === undefined) return ramp?.steps[0];
  const share = Number(values.canary);
  if (!Number.isInteger(share) || share < 1 || share > 99) throw new UsageError('--canary takes a share of visitors from 1 to 99');
  if (ramp && ramp.steps[0] !== share)
    throw new UsageError(`--canary ${share} and --ramp ${ramp.steps.join(',')} disagree: the ramp's first step is the canary's share`);
  return share;
}

/** Runs the remote's preflight against the site; a refusal stops the release before anything is uploaded. */
function preflight(remote, dist, site) {
  const result = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'scripts', 'preflight.ts'), '--site', site, '--dist', dist, '--name', remote],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`preflight refused (or could not check) this build of ${remote}: nothing was released`);
}

function commitOf(cwd) {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

/** Uploads a build's files under remote/version (six at a time); a file the API already has with the same bytes is taken again. Answers the manifest's address. */
export async function publish({ api, token, remote, dist, version, files = filesToPublish(dist) }) {
  let manifestUrl = '';
  for (let next = 0; next < files.length; next += 6) {
    await Promise.all(
      files.slice(next, next + 6).map(async (file) => {
        const response = await fetch(`${api}/release-files/${remote}/${version}/${file.split('/').map(encodeURIComponent).join('/')}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: readFileSync(path.join(dist, file)),
        });
        const answer = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(`uploading ${file}: ${response.status} ${answer.message ?? ''}`.trim());
        if (file === 'mf-manifest.json') manifestUrl = new URL(answer.url, `${api}/`).href;
      }),
    );
  }
  return manifestUrl;
}

/** Uploads the build's source maps to the API's private /release-maps/ (six at a time), before the release is registered. */
async function uploadSourceMaps({ api, token, remote, dist, version, log }) {
  const maps = sourceMapsOf(dist);
  for (let next = 0; next < maps.length; next += 6) {
    const answers = await Promise.all(
      maps.slice(next, next + 6).map(async (file) => {
        const response = await fetch(`${api}/release-maps/${remote}/${version}/${file.split('/').map(encodeURIComponent).join('/')}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: readFileSync(path.join(dist, file)),
        });
        const answer = await response.json().catch(() => ({}));
        if (response.status === 404) return false;
        if (!response.ok) throw new Error(`uploading ${file}: ${response.status} ${answer.message ?? ''}`.trim());
        return true;
      }),
    );
    if (answers.includes(false)) {
      log('this API keeps no source maps: its errors are shown as the pages saw them');
      return;
    }
  }
}

async function registered(api, token, remote, version) {
  const history = await call(api, 'GET', `/releases?remote=${encodeURIComponent(remote)}&limit=500`, token);
  return history.find((row) => row.version === version);
}

const minutes = (ms) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);
const shareText = (share, ramp) =>
  `the canary for ${share} % of visitors${ramp ? `, ramping ${ramp.steps.join(' → ')} % every ${minutes(ramp.everyMs)} while healthy` : ''}`;

export async function release(remote, values, log = console.log, env = process.env) {
  const token = tokenOf(values, env);
  const ramp = rampOf(values);
  const share = shareOf(values, ramp);
  const asked = { ...(share ? { canary: share } : {}), ...(ramp ? { ramp } : {}) };
  const frontEnd = FRONT_ENDS.find((f) => f.name === remote);
  const dist = path.resolve(values.dist ?? path.join(ROOT, frontEnd.dir, 'dist'));
  // A build handed over with --dist is the team's own; otherwise this checkout's, built when stale.
  if (!values.dist) await buildMissing(log, ROOT, { only: remote });
  const api = await apiOf(values);
  const files = filesToPublish(dist);
  if (!files.includes('mf-manifest.json')) throw new Error(`${dist} has no mf-manifest.json: is it a remote's build?`);
  const { version: packageVersion } = JSON.parse(readFileSync(path.join(ROOT, frontEnd.dir, 'package.json'), 'utf8'));
  const version = versionOf(dist, files, packageVersion);
  const before = await registered(api, token, remote, version);
  if (before) {
    // The same files: released again as they are, with no upload (the API runs its preflight again).
    const again = await call(api, 'POST', '/releases', token, { remote, version, manifestUrl: before.manifestUrl, ...asked });
    const now = share ? `${shareText(share, ramp)} again` : before.status === 'live' ? 'live already: nothing changed' : 'live again';
    log(`${remote} ${version} is this very build, registered on ${before.createdAt.slice(0, 16).replace('T', ' ')} UTC: nothing uploaded; it is ${now}`);
    return again;
  }
  // Only a new build is checked here first: a refused one stops before anything is uploaded.
  if (values.site) preflight(remote, dist, values.site);
  log(`publishing ${files.length} files of ${remote} ${version}…`);
  const manifestUrl = await publish({ api, token, remote, dist, version, files });
  await uploadSourceMaps({ api, token, remote, dist, version, log });
  const answer = await call(api, 'POST', '/releases', token, {
    remote,
    version,
    manifestUrl,
    commit: commitOf(path.dirname(dist)),
    builtAt: statSync(path.join(dist, 'mf-manifest.json')).mtime.toISOString(),
    ...asked,
  });
  log(`${remote} ${version} is ${share ? shareText(share, ramp) : 'live'} (the API's preflight: ${answer.preflight})`);
  return answer;
}

async function list(values, log, env) {
  const api = await apiOf(values);
  const remote = values.remote ? `?remote=${encodeURIComponent(values.remote)}` : '';
  // With DEPLOY_TOKEN the history says who did what and the verdicts come too; without it, versions, times, shares and statuses.
  const token = env.DEPLOY_TOKEN?.trim() || undefined;
  if (values.watch) {
    if (!token) throw new UsageError('--watch reads the canaries’ verdicts, which need DEPLOY_TOKEN (any team’s deploy token, or an admin’s access token)');
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    // The canaries seen so far: once one is gone, the history says whether it was promoted or rolled back, and why.
    const watched = new Map();
    const read = async () => {
      const [analyses, history] = await Promise.all([call(api, 'GET', `/releases/analysis${remote}`, token), call(api, 'GET', `/releases${remote}`, token)]);
      const text = analysesText(analyses, values.remote, { history, watched });
      for (const analysis of analyses) watched.set(analysis.remote, analysis.canary.version);
      return text;
    };
    return watchCanaries({ read, log, signal: stop.signal });
  }
  const history = await call(api, 'GET', `/releases${remote}`, token);
  log(historyTable(history));
  if (token) for (const analysis of await call(api, 'GET', `/releases/analysis${remote}`, token)) log(verdictLine(analysis));
  return history;
}

export async function run(argv, log = console.log, env = process.env) {
  const [command, name, ...rest] = argv;
  const remote = command === 'list' ? undefined : name;
  const { values } = parseArgs({ args: command === 'list' ? argv.slice(1) : rest, options: OPTIONS, strict: true });
  if (values.token !== undefined)
    throw new UsageError(
      '--token is not taken: npm prints a command’s arguments into its output (and every log). Put the token in DEPLOY_TOKEN instead: export DEPLOY_TOKEN=…',
    );
  if (command !== 'list' && !REMOTE_NAMES.includes(remote)) throw new UsageError(`${command} needs one of ${REMOTE_NAMES.join(', ')}`);
  if (command === 'release') return release(remote, values, log, env);
  if (command === 'promote') {
    const promoted = await call(await apiOf(values), 'POST', `/releases/${remote}/promote`, tokenOf(values, env), {});
    log(`${remote} ${promoted.version} is live for everyone`);
    return promoted;
  }
  if (command === 'rollback') {
    const body = { ...(values.to ? { to: values.to } : {}), ...(values.reason ? { reason: values.reason } : {}) };
    const live = await call(await apiOf(values), 'POST', `/releases/${remote}/rollback`, tokenOf(values, env), body);
    // A canary with no live release beside it is answered itself: the remote runs its first set again.
    log(
      live.status === 'rolled_back'
        ? `${remote} ${live.version} is rolled back; ${remote} runs its first set (remotes.json)`
        : `${remote} ${live.version} is live`,
    );
    return live;
  }
  if (command === 'list') return list(values, log, env);
  throw new UsageError(`unknown command ${command}: release, promote, rollback or list`);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  run(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
