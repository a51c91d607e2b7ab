// docs/releases.md, "The verdict", "The ramp", "Watching a canary".
import { setTimeout as sleep } from 'node:timers/promises';

/** Exit code 2. */
export class UsageError extends Error {}

export const WATCH_EVERY_MS = 5_000;

const UNITS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "10m", "90s", "1h", "500ms" (a bare number is seconds) in ms; null for anything else. */
export function durationMs(text) {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(String(text).trim());
  return match ? Math.round(Number(match[1]) * UNITS[match[2] ?? 's']) : null;
}

/** --ramp 10,25,50,100 --every 10m as POST /releases takes it; undefined without --ramp. The API checks the rest. */
export function rampOf(values) {
  if (values.ramp === undefined) {
    if (values.every !== undefined) throw new UsageError('--every goes with --ramp: the time each ramp step is held');
    return undefined;
  }
  const steps = values.ramp.split(',').map((step) => Number(step.trim()));
  if (steps.length < 2 || steps.some((step) => !Number.isInteger(step) || step < 1 || step > 100) || steps.some((step, i) => i > 0 && step <= steps[i - 1]))
    throw new UsageError('--ramp takes increasing shares from 1 to 100, the first the canary’s, e.g. --ramp 10,25,50,100');
  const everyMs = values.every === undefined ? null : durationMs(values.every);
  if (everyMs === null) throw new UsageError('--ramp needs --every, the time each step is held while the canary is healthy: e.g. --every 10m (s, m, h or d)');
  return { steps, everyMs };
}

const pad = (text, width) => String(text).padEnd(width);

export function historyTable(releases) {
  // Who did what is shown only to admins and deploy tokens (docs/api.md, "Releases").
  const who = releases.some((row) => row.releasedBy !== null);
  const columns = who ? ['version', 'when', 'who', 'share', 'status'] : ['version', 'when', 'share', 'status'];
  const lines = [];
  for (const remote of [...new Set(releases.map((row) => row.remote))].sort()) {
    const rows = releases
      .filter((row) => row.remote === remote)
      .map((row) => [
        row.version,
        row.createdAt.slice(0, 16).replace('T', ' '),
        ...(who ? [row.releasedBy ?? ''] : []),
        row.share === null ? '' : `${row.share} %`,
        row.status.replace('_', ' ') + (row.reason ? ` (${row.reason})` : ''),
      ]);
    const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => row[index].length)));
    lines.push(
      remote,
      columns
        .map((column, index) => pad(column, widths[index]))
        .join('  ')
        .trimEnd(),
    );
    for (const row of rows)
      lines.push(
        row
          .map((cell, index) => pad(cell, widths[index]))
          .join('  ')
          .trimEnd(),
      );
    lines.push('');
  }
  return lines.length ? lines.join('\n') : 'No releases yet: every remote runs the baseline set (remotes.json).\n';
}

const clockTime = (iso) => `${iso.slice(11, 16)} UTC`;

/** What the ramp does next, never a time already past: due and held says why, paused says so. */
function rampText(ramp, now) {
  const steps = `ramp ${ramp.steps.join(' → ')} %`;
  if (ramp.held === 'suspect') return `${steps}, paused while suspect: a person decides`;
  if (ramp.nextAt === null) return `${steps}, at its last step`;
  if (ramp.held === 'undecided') return `${steps}, next step once healthy (due since ${clockTime(ramp.nextAt)})`;
  if (Date.parse(ramp.nextAt) <= now.getTime()) return `${steps}, next step at the next check`;
  return `${steps}, next step ${clockTime(ramp.nextAt)} if healthy`;
}

export function verdictLine(analysis, now = new Date()) {
  const { remote, canary, verdict, reason, ramp } = analysis;
  const steps = ramp ? ` (${rampText(ramp, now)})` : '';
  return `${remote} ${canary.version} at ${canary.share} %${steps}: ${verdict}: ${reason}`;
}

/** The numbers table comes written with the analysis (api/src/features/releases/numbers-table.ts): printed as it is. */
export function analysisBlock(analysis, now = new Date()) {
  const table = analysis.table.map((line) => `  ${line}`.trimEnd());
  const checks = (analysis.checks ?? []).map((check) => `  - ${check.state}: ${check.text}`);
  return [verdictLine(analysis, now), ...table, ...checks].join('\n');
}

const STATUS_WORDS = { live: 'live', canary: 'the canary', retired: 'retired', rolled_back: 'rolled back' };

/** A release's last change, from the history: what became of a canary that is no longer one. */
export function outcomeLine(release) {
  const what = release.reason ? ` (${release.reason})` : '';
  return `${release.remote} ${release.version} is ${STATUS_WORDS[release.status] ?? release.status} since ${release.updatedAt.slice(0, 16).replace('T', ' ')} UTC${what}`;
}

/**
 * Each canary's block; for a remote without one, what became of its last canary (rolled back and
 * why, promoted), from the history, so a watch that saw it go still says what happened.
 */
export function analysesText(analyses, remote, { history = [], watched = new Map(), now = new Date() } = {}) {
  const blocks = analyses.map((analysis) => analysisBlock(analysis, now));
  for (const [name, version] of watched) {
    if (analyses.some((analysis) => analysis.remote === name)) continue;
    const release = history.find((row) => row.remote === name && row.version === version);
    if (release) blocks.push(outcomeLine(release));
  }
  if (blocks.length === 0) {
    const last = history.filter((row) => !remote || row.remote === remote).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    const none = `No canary${remote ? ` of ${remote}` : ''} running.`;
    return last ? `${none} Last change: ${outcomeLine(last)}` : none;
  }
  return blocks.join('\n\n');
}

/** On a terminal each refresh replaces the last. */
export async function watchCanaries({ read, log, signal, terminal = process.stdout.isTTY, everyMs = WATCH_EVERY_MS, clock = () => new Date() }) {
  while (!signal.aborted) {
    let text;
    try {
      text = await read();
    } catch (error) {
      text = `could not read the canaries (${error instanceof Error ? error.message : String(error)}); asking again in ${everyMs / 1000} s`;
    }
    const heading = `canaries at ${clock().toISOString().slice(0, 19).replace('T', ' ')} UTC (every ${everyMs / 1000} s; Ctrl-C stops)`;
    log(`${terminal ? '\x1b[2J\x1b[H' : ''}${heading}\n\n${text}\n`);
    await sleep(everyMs, undefined, { signal }).catch(() => undefined);
  }
}
