import { TOPOLOGY } from '@usedcars/shared-contract/topology';

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
  /** Auth emulator origin in development; absent in production. */
  authEmulatorUrl?: string;
  /** The share of page views that report their Web Vitals and errors (0–1; 1 when absent): docs/operations.md, "Telemetry". */
  telemetrySample?: number;
}

/**
 * The whole local set-up, used only while no config.json has been read (a remote's standalone
 * dev page serves none). Once a config.json is read, its own authEmulatorUrl is the only one.
 */
export const LOCAL_RUNTIME_CONFIG: RuntimeConfig = {
  apiUrl: `http://localhost:${TOPOLOGY.api.port}`,
  firebase: { apiKey: 'demo-key', authDomain: 'demo-usedcars.firebaseapp.com', projectId: 'demo-usedcars' },
  authEmulatorUrl: `http://127.0.0.1:${TOPOLOGY.authEmulator.port}`,
};

/**
 * The emulator only for a `demo-` project: Firebase reserves those ids for emulators, so an
 * emulator URL left in a real project's config (a copied dev file) would sign real people into
 * a local fake and load a script from 127.0.0.1. That is refused, not obeyed.
 */
function emulatorFor(firebase: FirebaseWebConfig, url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (!firebase.projectId.startsWith('demo-')) {
    console.warn(
      `[auth] config.json names the Auth emulator (${url}) for the Firebase project "${firebase.projectId}"; ` +
        'the emulator only serves demo- projects, so it is ignored.',
    );
    return undefined;
  }
  return url;
}

/** A config.json's settings: what it omits falls back, except the emulator (see above). */
export function readRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  const firebase = config.firebase ?? LOCAL_RUNTIME_CONFIG.firebase;
  return {
    apiUrl: (config.apiUrl ?? LOCAL_RUNTIME_CONFIG.apiUrl).replace(/\/+$/, ''),
    firebase,
    authEmulatorUrl: emulatorFor(firebase, config.authEmulatorUrl),
    ...(typeof config.telemetrySample === 'number' ? { telemetrySample: Math.min(1, Math.max(0, config.telemetrySample)) } : {}),
  };
}

/** Fetches config.json; a missing file gives the local defaults so `npm run dev` needs none. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok) return readRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch {
    // Offline or absent: the defaults point at the local API and emulator.
  }
  return LOCAL_RUNTIME_CONFIG;
}
