export interface Ports {
  shell: number;
  catalog: number;
  dashboard: number;
  checkout: number;
  api: number;
  auth: number;
}
export const ROOT: string;
export const FRONT_ENDS: { name: string; dir: string; portVar: string; port: number }[];
export function defaultPorts(env?: NodeJS.ProcessEnv): Ports;
export function buildMissing(log?: (line: string) => void): Promise<void>;
export function startSite(o: {
  ports: Ports;
  dataDir: string;
  dev?: boolean;
  quiet?: boolean;
  publicHost?: string;
  apiEnv?: Record<string, string>;
}): Promise<{ stop: () => Promise<void>; url: string; siteDir: string }>;
export function writeRuntimeFiles(siteDir: string, o: { ports: Ports; publicHost: string }): void;
