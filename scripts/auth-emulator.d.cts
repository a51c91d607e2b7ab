import type { ChildProcess } from 'node:child_process';

export interface AuthEmulatorProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<authPort> */
  url: string;
  /** Stops it (SIGINT by default, SIGKILL after forceAfterMs) and resolves once it has exited. */
  stop(o?: { signal?: NodeJS.Signals; forceAfterMs?: number }): Promise<void>;
  /** The last of what it printed. */
  output(): string;
}

export function startAuthEmulatorProcess(o: {
  authPort: number;
  hubPort: number;
  loggingPort: number;
  dir: string;
  importDir?: string;
  exportDir?: string;
  quiet?: boolean;
  echo?: boolean;
  name?: string;
  detached?: boolean;
  logFile?: string;
  onSpawn?: (child: ChildProcess) => void;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<AuthEmulatorProcess>;
