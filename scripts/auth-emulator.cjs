/**
 * Starts the Firebase Auth emulator (firebase-tools from node_modules) and waits until it answers.
 * One copy for the site launcher (site.mjs, which puts its gapi proxy in front) and for
 * shared-auth's adapter test (on ports the OS hands out). CommonJS so both can load it: site.mjs
 * through createRequire, the jest test (compiled to CommonJS) through a plain import.
 */
const { spawn } = require('node:child_process');
const { existsSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const FIREBASE = path.join(__dirname, '..', 'node_modules', '.bin', 'firebase');
const HOST = '127.0.0.1';
/** What a failure message quotes of the emulator's output: its last lines are the telling ones. */
const KEPT_OUTPUT = 20_000;

/**
 * @param {object} o
 * @param {number} o.authPort     where the emulator answers
 * @param {number} o.hubPort
 * @param {number} o.loggingPort
 * @param {string} o.dir          firebase.json and firebase-debug.log go here (the working directory)
 * @param {string} [o.importDir]  accounts saved by an earlier run, imported when an export is there
 * @param {string} [o.exportDir]  where the accounts are saved when the emulator stops
 * @param {boolean} [o.quiet]     keep its stdout out of the terminal (stderr is still shown)
 * @param {boolean} [o.echo]      false: show nothing at all (the output is kept for a failure's message)
 * @param {string} [o.name]       the prefix its lines are shown with
 * @param {boolean} [o.detached]  its own process group (see site.mjs)
 * @param {Record<string, string>} [o.env]
 * @param {number} [o.timeoutMs]
 */
async function startAuthEmulatorProcess(o) {
  const { authPort, hubPort, loggingPort, dir, importDir, exportDir, quiet = false, echo = true, name = 'auth' } = o;
  const config = path.join(dir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { port: authPort, host: HOST },
        hub: { port: hubPort, host: HOST },
        logging: { port: loggingPort, host: HOST },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', 'demo-usedcars', '--config', config];
  if (exportDir) args.push('--export-on-exit', exportDir);
  if (importDir && existsSync(path.join(importDir, 'firebase-export-metadata.json'))) args.push('--import', importDir);

  const child = spawn(FIREBASE, args, {
    cwd: dir,
    // CI=true keeps firebase-tools from fetching its message of the day, and with no update
    // check nothing leaves loopback.
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '', CI: 'true', ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: Boolean(o.detached),
  });
  let spawnError;
  child.once('error', (error) => (spawnError = error));
  let output = '';
  const follow = (stream, show) =>
    stream.on('data', (chunk) => {
      output = (output + String(chunk)).slice(-KEPT_OUTPUT);
      if (!show) return;
      for (const line of String(chunk).split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    });
  follow(child.stdout, echo && !quiet);
  follow(child.stderr, echo);

  const running = () => child.exitCode === null && child.signalCode === null;
  /** Stops it (SIGINT: it exports its accounts on the way out) and resolves once it is gone. */
  const stop = ({ signal = 'SIGINT', forceAfterMs = 8000 } = {}) =>
    new Promise((resolve) => {
      if (child.pid === undefined || !running()) return resolve();
      const force = setTimeout(() => running() && child.kill('SIGKILL'), forceAfterMs);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill(signal);
    });

  const url = `http://${HOST}:${authPort}`;
  const deadline = Date.now() + (o.timeoutMs ?? 60_000);
  for (;;) {
    if (spawnError || !running()) {
      throw new Error(`The Auth emulator did not start (${spawnError ?? `exit ${child.exitCode ?? child.signalCode}`}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop({ forceAfterMs: 2000 });
      throw new Error(`The Auth emulator did not answer on ${url} within ${o.timeoutMs ?? 60_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, url, stop, output: () => output };
}

module.exports = { startAuthEmulatorProcess };
