/**
 * Settings the site reads at run time from `/config.json` beside the shell's index.html, so one
 * build runs against any API or identity project: the operator edits the file, nothing is rebuilt.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

export interface RuntimeConfig {
  /** Base address of the API, without a trailing slash. */
  apiUrl: string;
  firebase: FirebaseWebConfig;
  /** Auth emulator origin (http://127.0.0.1:9099) in development; absent in production. */
  authEmulatorUrl?: string;
}

const defaults: RuntimeConfig = {
  apiUrl: 'http://localhost:5000',
  firebase: { apiKey: 'demo-key', authDomain: 'demo-usedcars.firebaseapp.com', projectId: 'demo-usedcars' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
};

let current: RuntimeConfig = defaults;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...defaults, ...config, apiUrl: (config.apiUrl ?? defaults.apiUrl).replace(/\/+$/, '') };
}

/** Fetches config.json; a missing file keeps the local defaults so `npm run dev` needs none. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok) setRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch {
    // Offline or absent: the defaults point at the local API and emulator.
  }
  return current;
}

/** Absolute address of an API path; pictures the API serves come as paths too. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${current.apiUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}
