export const CHROMIUM: string;
export const FLAGS: string[];
export const DEMO_PASSWORD: string;
export const LONG_TASK_MS: number;
export function median(values: number[]): number;
export function signInFirst(port: number, origin: string, email: string, warmUp?: string): Promise<void>;
export interface LighthouseRun {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  js: number;
  scripts: { url: string; bytes: number }[];
  benchmarkIndex: number;
  longTasks: { url: string; ms: number; script: boolean }[];
  scriptTime: { url: string; ms: number; scripting: number }[];
  warnings: string[];
  lhr: unknown;
}
export interface LighthouseOptions {
  prepare?: (port: number) => Promise<void>;
  cpuTime?: boolean;
}
export function lighthouseRuns(url: string, runs: number, o?: LighthouseOptions): Promise<LighthouseRun[]>;
export function demoAccessToken(authUrl: string, apiUrl: string, email: string): Promise<string>;
