/** The stack's ports: its three public addresses and every part behind them (scripts/stack/ports.mjs). */
export type StackPorts = Record<
  | 'pagesFrontend'
  | 'apiFrontend'
  | 'filesFrontend'
  | 'api1'
  | 'api2'
  | 'render1'
  | 'render2'
  | 'cachePages'
  | 'cacheFiles'
  | 'cachePurge'
  | 's3'
  | 'remoteFiles'
  | 'postgres'
  | 'auth'
  | 'mail',
  number
>;
export function stackPorts(env?: NodeJS.ProcessEnv): StackPorts;
export function publicAddresses(ports: StackPorts): { pages: string; api: string; files: string };
export function startStack(o: {
  ports: StackPorts;
  dataDir: string;
  quiet?: boolean;
  renderWorkers?: number;
  apiEnv?: Record<string, string>;
  renderEnv?: Record<string, string>;
  signal?: AbortSignal;
  log?: (line: string) => void;
}): Promise<{
  stop: () => Promise<void>;
  /** Each part's own pid (the server, not a wrapper) and its process group. */
  parts: { name: string; address: string; pid: number; group: number }[];
  publicAddresses: { pages: string; api: string; files: string };
  siteDir: string;
  logDir: string;
  telemetryToken: string;
}>;
