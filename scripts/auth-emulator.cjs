// CommonJS: the launcher (createRequire) and shared-auth's jest test both load it.
const { spawn } = require('node:child_process');
const { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const FIREBASE = path.join(__dirname, '..', 'node_modules', '.bin', 'firebase');
const HOST = '127.0.0.1';
/** The last lines are the telling ones. */
const KEPT_OUTPUT = 20_000;

/**
 * @param {object} o
 * @param {number} o.authPort     where the emulator responds
 * @param {number} o.hubPort
 * @param {number} o.loggingPort
 * @param {string} o.dir          firebase.json and firebase-debug.log go here (the working directory)
 * @param {string} [o.importDir]  accounts saved by an earlier run, imported when an export is there
 * @param {string} [o.exportDir]  where the accounts are saved when the emulator stops
 * @param {boolean} [o.quiet]     keep its stdout out of the terminal (stderr is still shown)
 * @param {boolean} [o.echo]      false: show nothing at all (the output is kept for a failure's message)
 * @param {string} [o.name]       the prefix its lines are shown with
 * @param {boolean} [o.detached]  its own process group (see site.mjs)
 * @param {string} [o.logFile]    its stdout and stderr go to this file instead of pipes (quiet and
 *                                echo then do nothing: whoever wants the lines reads the file)
 * @param {(child: import('node:child_process').ChildProcess) => void} [o.onSpawn] called at once after spawning
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
  // The locator file (tmp/hub-demo-usedcars.json) is per machine: a folder of its own keeps each emulator's exports its own.
  const tmp = path.join(dir, 'tmp');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const args = ['emulators:start', '--only', 'auth', '--project', 'demo-usedcars', '--config', config];
  if (exportDir) args.push('--export-on-exit', exportDir);
  if (importDir && existsSync(path.join(importDir, 'firebase-export-metadata.json'))) args.push('--import', importDir);

  // A pipe whose reader died would kill it with EPIPE before it exports (docs/operate-launcher.md).
  const logFd = o.logFile ? openSync(o.logFile, 'w') : null;
  let child;
  try {
    child = spawn(FIREBASE, args, {
      cwd: dir,
      // Nothing leaves loopback: no message of the day (CI=true), no update check.
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '', CI: 'true', TMPDIR: tmp, TMP: tmp, TEMP: tmp, ...o.env },
      stdio: logFd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
      detached: Boolean(o.detached),
    });
  } finally {
    if (logFd !== null) closeSync(logFd);
  }
  let spawnError;
  child.once('error', (error) => (spawnError = error));
  if (child.pid !== undefined) o.onSpawn?.(child);
  let output = '';
  const follow = (stream, show) =>
    stream.on('data', (chunk) => {
      output = (output + String(chunk)).slice(-KEPT_OUTPUT);
      if (!show) return;
      for (const line of String(chunk).split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    });
  if (logFd === null) {
    follow(child.stdout, echo && !quiet);
    follow(child.stderr, echo);
  }
  const lastOutput = () => (o.logFile ? tailOf(o.logFile, KEPT_OUTPUT) : output);

  const running = () => child.exitCode === null && child.signalCode === null;
  /** SIGINT: it exports its accounts on the way out. */
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
      throw new Error(`The Auth emulator did not start (${spawnError ?? `exit ${child.exitCode ?? child.signalCode}`}):\n${lastOutput()}`);
    }
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop({ forceAfterMs: 2000 });
      throw new Error(`The Auth emulator did not respond on ${url} within ${o.timeoutMs ?? 60_000} ms:\n${lastOutput()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, url, stop, output: lastOutput };
}

function tailOf(file, bytes) {
  let fd;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

module.exports = { startAuthEmulatorProcess };
