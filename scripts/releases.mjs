// A team's release commands (docs/releases.md, "A team's day"); the token only from DEPLOY_TOKEN, never an argument npm would log.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError, analysesText, historyTable, rampOf, verdictLine, watchCanaries } from './release-views.mjs';
import { expiresInSecondsOf, linksTable, makeLink, preview, previewAddress } from './previews.mjs';
import { commitOf, filesToPublish, publish, uploadSourceMaps, versionOf } from './release-files.mjs';
import { TOKEN_ON_COMMAND_LINE, apiOf, call, tokenOf } from './site-api.mjs';
import { buildMissing } from './site/build.mjs';
import { FRONT_ENDS, REMOTE_NAMES } from './topology.mjs';

export { filesToPublish, publish, versionOf };

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
  preview: { type: 'boolean' },
  expires: { type: 'string' },
  version: { type: 'string' },
  withdraw: { type: 'boolean' },
  path: { type: 'string' },
};

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

async function registered(api, token, remote, version) {
  const history = await call(api, 'GET', `/releases?remote=${encodeURIComponent(remote)}&limit=500`, token);
  return history.find((row) => row.version === version);
}

const minutes = (ms) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);
const shareText = (share, ramp) =>
  `the canary for ${share} % of visitors${ramp ? `, ramping ${ramp.steps.join(' → ')} % every ${minutes(ramp.everyMs)} while healthy` : ''}`;

/** What the release is asked to be: a preview, the canary (with its ramp), or live. */
function askedOf(values) {
  const ramp = rampOf(values);
  const share = shareOf(values, ramp);
  if (values.preview && share) throw new UsageError('--preview serves the build to nobody but its link’s holders: give --preview, or --canary/--ramp');
  if (values.preview) expiresInSecondsOf(values);
  return { share, ramp, asked: values.preview ? { preview: true } : { ...(share ? { canary: share } : {}), ...(ramp ? { ramp } : {}) } };
}

export async function release(remote, values, log = console.log, env = process.env) {
  const token = tokenOf(values, env);
  const { share, ramp, asked } = askedOf(values);
  if (values.preview) previewAddress(values.site, 'x', values.path);
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
    const now = values.preview
      ? `${before.status.replace('_', ' ')} as it was`
      : share
        ? `${shareText(share, ramp)} again`
        : before.status === 'live'
          ? 'live already: nothing changed'
          : 'live again';
    log(`${remote} ${version} is this very build, registered on ${before.createdAt.slice(0, 16).replace('T', ' ')} UTC: nothing uploaded; it is ${now}`);
    if (values.preview) await makeLink({ remote, version, values, api, token, call, log });
    return again;
  }
  // Only a new build is checked here first: a refused one stops before anything is uploaded.
  if (values.site) preflight(remote, dist, values.site);
  log(`publishing ${files.length} files of ${remote} ${version}…`);
  const manifestUrl = await publish({ api, token, remote, dist, version, files });
  await uploadSourceMaps({ api, token, remote, dist, version, log });
  const response = await call(api, 'POST', '/releases', token, {
    remote,
    version,
    manifestUrl,
    commit: commitOf(path.dirname(dist)),
    builtAt: statSync(path.join(dist, 'mf-manifest.json')).mtime.toISOString(),
    ...asked,
  });
  const what = values.preview ? 'a preview, served to nobody but the holders of its link' : share ? shareText(share, ramp) : 'live';
  log(`${remote} ${version} is ${what} (the API's preflight: ${response.preflight})`);
  if (values.preview) await makeLink({ remote, version, values, api, token, call, log });
  return response;
}

/**
 * `promote`: the canary goes live; with --version (a preview, or any registered release), that
 * release becomes live or, with --canary/--ramp, the canary: released again, nothing uploaded.
 */
async function promote(remote, values, log, env) {
  const api = await apiOf(values);
  const token = tokenOf(values, env);
  const { share, ramp, asked } = askedOf(values);
  if (values.version === undefined && !share) {
    const promoted = await call(api, 'POST', `/releases/${remote}/promote`, token, {});
    log(`${remote} ${promoted.version} is live for everyone`);
    return promoted;
  }
  const history = await call(api, 'GET', `/releases?remote=${encodeURIComponent(remote)}&limit=500`, token);
  const chosen = values.version ? history.find((row) => row.version === values.version) : history.find((row) => row.status === 'preview');
  if (!chosen) throw new Error(values.version ? `${remote} has no release ${values.version}` : `${remote} has no preview to promote: name one with --version`);
  const response = await call(api, 'POST', '/releases', token, { remote, version: chosen.version, manifestUrl: chosen.manifestUrl, ...asked });
  log(`${remote} ${chosen.version} is ${share ? shareText(share, ramp) : 'live for everyone'} (nothing uploaded; the API's preflight: ${response.preflight})`);
  return response;
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
  if (token) log(`\n${linksTable(await call(api, 'GET', `/previews${remote}`, token))}`);
  return history;
}

export async function run(argv, log = console.log, env = process.env) {
  const [command, name, ...rest] = argv;
  const remote = command === 'list' ? undefined : name;
  const { values } = parseArgs({ args: command === 'list' ? argv.slice(1) : rest, options: OPTIONS, strict: true });
  if (values.token !== undefined) throw new UsageError(TOKEN_ON_COMMAND_LINE);
  if (command !== 'list' && !REMOTE_NAMES.includes(remote)) throw new UsageError(`${command} needs one of ${REMOTE_NAMES.join(', ')}`);
  if (command === 'release') return release(remote, values, log, env);
  if (command === 'promote') return promote(remote, values, log, env);
  if (command === 'preview') return preview(remote, { values, api: await apiOf(values), token: tokenOf(values, env), call, log });
  if (command === 'rollback') {
    const body = { ...(values.to ? { to: values.to } : {}), ...(values.reason ? { reason: values.reason } : {}) };
    const live = await call(await apiOf(values), 'POST', `/releases/${remote}/rollback`, tokenOf(values, env), body);
    // A canary with no live release beside it is returned itself: the remote runs its baseline set again.
    log(
      live.status === 'rolled_back'
        ? `${remote} ${live.version} is rolled back; ${remote} runs its baseline set (remotes.json)`
        : `${remote} ${live.version} is live`,
    );
    return live;
  }
  if (command === 'list') return list(values, log, env);
  throw new UsageError(`unknown command ${command}: release, preview, promote, rollback or list`);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  run(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
