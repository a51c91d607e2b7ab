/** The shell's, each remote's (by name), the API's, the Auth emulator's and the mail catcher's ports. */
export type Ports = { shell: number; api: number; auth: number; mail: number } & Record<string, number>;
export const ROOT: string;
export const FRONT_ENDS: { name: string; dir: string; portVar: string; port: number }[];
export function defaultPorts(env?: NodeJS.ProcessEnv): Ports;
export function buildMissing(log?: (line: string) => void, root?: string, options?: { force?: boolean }): Promise<void>;
export function startSite(o: {
  ports: Ports;
  dataDir: string;
  dev?: boolean;
  quiet?: boolean;
  publicHost?: string;
  apiEnv?: Record<string, string>;
  renderEnv?: Record<string, string>;
  signal?: AbortSignal;
  log?: (line: string) => void;
}): Promise<{ stop: () => Promise<void>; url: string; siteDir: string; logDir: string }>;
/** Ports in use before anything started: each with what it is for and who holds it, when the OS says. */
export class PortsInUseError extends Error {
  busy: { port: number; part: string; holders: { pid: number; command: string }[] }[];
}
/** The data folder's record names a launcher that is still running. */
export class AlreadyRunningError extends Error {}
/** A part died or did not respond during start-up; the message quotes its last lines. */
export class StartFailedError extends Error {}
export function writeRuntimeFiles(siteDir: string, o: { ports: Ports; publicHost: string }): void;
