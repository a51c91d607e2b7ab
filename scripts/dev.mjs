// `npm run dev -w <remote>`: the remote's webpack dev server (hot reload); with --site, inside that
// site, for the one browser that opens the link it prints (docs/releases.md, "Your dev server inside the site").
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { expiresInSecondsOf, previewAddress } from './previews.mjs';
import { UsageError } from './release-views.mjs';
import { apiOf, call, tokenOf } from './site-api.mjs';
import { REMOTE_NAMES, defaultPorts } from './topology.mjs';

const OPTIONS = {
  site: { type: 'string' },
  api: { type: 'string' },
  token: { type: 'string' },
  'no-open': { type: 'boolean' },
  expires: { type: 'string' },
  path: { type: 'string' },
};

const WEBPACK = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js');
/** How often the dev server is asked whether its first build is served. */
const READY_EVERY_MS = 500;

const when = (iso) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The dev server's manifest: on this machine, the one address a local link may name. */
export const devManifestOf = (remote, env = process.env) => `http://localhost:${defaultPorts(env)[remote]}/mf-manifest.json`;

const hasSite = (args) => args.some((arg) => arg === '--site' || arg.startsWith('--site='));

/** What the link's printout says: whose screens, from where, inside which site, until when, and the address. */
export function localLinkText(remote, made, address) {
  const origin = new URL(made.url).origin;
  return [
    `Local link: ${remote} from ${origin} inside ${new URL(address).origin} (for the first browser that opens it, on this machine; expires ${when(made.expiresAt)}):`,
    `  ${address}`,
  ].join('\n');
}

function webpackServe(args, { cwd, env }) {
  const child = spawn(process.execPath, [WEBPACK, 'serve', '--mode', 'development', ...args], { cwd, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, exited };
}

/** Resolves once the dev server serves its manifest (its first build is done); rejects if it stops first. */
async function served(manifest, exited) {
  let stopped = false;
  void exited.then(() => (stopped = true));
  for (;;) {
    if (stopped) throw new Error(`the dev server stopped before it served ${manifest}`);
    const ok = await fetch(manifest, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, READY_EVERY_MS));
  }
}

async function openInBrowser(address, log) {
  const couldNot = (error) => log(`Could not open a browser (${error instanceof Error ? error.message : String(error)}): open the address above yourself.`);
  try {
    const { default: open } = await import('open');
    // A machine without a browser opener fails after the spawn: said, never a crash of the dev server.
    (await open(address)).once('error', couldNot);
  } catch (error) {
    couldNot(error);
  }
}

/**
 * With --site: checks the site and the token, starts the dev server, and once its first build is
 * served asks the site for a local link to it, prints it and opens it (--no-open: prints only).
 * Runs until the dev server stops.
 */
async function inSite(remote, args, { cwd, env, log }) {
  const { values } = parseArgs({ args, options: OPTIONS, strict: true });
  const token = tokenOf(values, env);
  const expiresInSeconds = expiresInSecondsOf(values);
  previewAddress(values.site, 'x', values.path);
  const api = await apiOf(values);
  const manifest = devManifestOf(remote, env);
  const { child, exited } = webpackServe(['--env', 'site'], { cwd, env });
  let made;
  try {
    await served(manifest, exited);
    made = await call(api, 'POST', `/releases/${remote}/local-links`, token, { url: manifest, ...(expiresInSeconds ? { expiresInSeconds } : {}) });
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const address = previewAddress(values.site, made.link, values.path);
  log(localLinkText(remote, made, address));
  if (!values['no-open']) await openInBrowser(address, log);
  return exited;
}

/** The exit code of the dev server. */
export async function run(argv, { cwd = process.cwd(), env = process.env, log = console.log } = {}) {
  const [remote, ...args] = argv;
  if (!REMOTE_NAMES.includes(remote)) throw new UsageError(`dev needs one of ${REMOTE_NAMES.join(', ')}`);
  if (hasSite(args)) return inSite(remote, args, { cwd, env, log });
  // Without --site, what it always did: the remote alone, on its own page.
  return webpackServe(args, { cwd, env }).exited;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
