/**
 * Follows a part's log file: echoes new lines with the part's name (unless quiet) and keeps the
 * last ones for failure messages. The children write to files, not pipes, so that a launcher
 * killed outright leaves them able to write (docs/operate-launcher.md).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** How many of a part's last lines a start-up failure quotes. */
const QUOTED_LINES = 25;

/**
 * @param {string} file
 * @param {{ name: string, echo: boolean, notable?: (line: string) => boolean }} o  `notable` lines are echoed even when the others are not
 */
export function followLog(file, { name, echo, notable }) {
  const decoder = new StringDecoder('utf8');
  const last = [];
  const buffer = Buffer.alloc(64 * 1024);
  let fd = null;
  let position = 0;
  let partial = '';
  let closed = false;
  const emit = (raw) => {
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) return;
    last.push(line);
    if (last.length > QUOTED_LINES) last.shift();
    if (echo || notable?.(line)) process.stdout.write(`[${name}] ${line}\n`);
  };
  const drain = () => {
    if (closed) return;
    try {
      fd ??= openSync(file, 'r');
      for (let n; (n = readSync(fd, buffer, 0, buffer.length, position)) > 0;) {
        position += n;
        const lines = (partial + decoder.write(buffer.subarray(0, n))).split('\n');
        partial = lines.pop() ?? '';
        lines.forEach(emit);
      }
    } catch {
      // not created yet, or removed with its data folder
    }
  };
  const timer = setInterval(drain, 200);
  timer.unref();
  return {
    file,
    lastLines() {
      drain();
      return partial.trim() ? [...last, partial] : [...last];
    },
    close() {
      clearInterval(timer);
      drain();
      if (partial) emit(partial);
      partial = '';
      if (fd !== null) closeSync(fd);
      fd = null;
      closed = true;
    },
  };
}
