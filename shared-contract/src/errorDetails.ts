// Free of zod, so the page's reporting chunk stays small (docs/releases.md, "Errors").
export const ERROR_MESSAGE_MAX = 300;
export const ERROR_FRAMES_MAX = 5;
export const FRAME_FILE_MAX = 300;
export const FRAME_FN_MAX = 200;

/** Line and column from 1, as browsers print them. */
export interface StackFrame {
  file: string;
  line: number;
  column: number;
  fn?: string;
}

export interface ErrorDetails {
  message: string;
  frames: StackFrame[];
}

/** `at fn (file:1:2)`, `at file:1:2` (V8) and `fn@file:1:2` (Firefox, Safari); the file an http(s) or file address, or an absolute path. */
const FRAME = /^\s*(?:at )?(?:(.*?) ?[@(])?((?:https?|file):\/\/[^\s()]+|\/[^\s()]+):(\d+):(\d+)\)?$/;

/** So a message is the same words however it was wrapped. */
const oneLine = (text: string, max: number) =>
  text
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, max);

function frameOf(line: string): StackFrame | null {
  const match = FRAME.exec(line);
  if (!match) return null;
  const [, name, where = '', row = '', column = ''] = match;
  // The query and fragment say nothing of the code; a path is a file of the server.
  const file = (where.startsWith('/') ? `file://${where}` : where).replace(/[?#].*$/, '');
  if (file.length > FRAME_FILE_MAX) return null;
  const fn = oneLine((name ?? '').replace(/^async /, ''), FRAME_FN_MAX);
  return { file, line: Number(row), column: Number(column), ...(fn ? { fn } : {}) };
}

export function errorDetails(thrown: unknown): ErrorDetails {
  const error = thrown instanceof Error ? thrown : null;
  const message = oneLine(error ? error.message || error.name : String(thrown), ERROR_MESSAGE_MAX);
  const frames: StackFrame[] = [];
  for (const line of (error?.stack ?? '').split('\n')) {
    const frame = frameOf(line);
    if (frame) frames.push(frame);
    if (frames.length === ERROR_FRAMES_MAX) break;
  }
  return { message, frames };
}
