import { TOPOLOGY } from '@usedcars/shared-contract/topology';

/** `/config.json`: one build runs against any API or identity project, nothing rebuilt. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

export interface RuntimeConfig {
  /** Without a trailing slash. */
  apiUrl: string;
  firebase: FirebaseWebConfig;
  authEmulatorUrl?: string;
  /** 0–1; docs/operations.md, "Telemetry". */
  telemetrySample?: number;
}

/** Used only while no config.json has been read (a remote's standalone dev page serves none). */
export const LOCAL_RUNTIME_CONFIG: RuntimeConfig = {
  apiUrl: `http://localhost:${TOPOLOGY.api.port}`,
  firebase: { apiKey: 'demo-key', authDomain: 'demo-usedcars.firebaseapp.com', projectId: 'demo-usedcars' },
  authEmulatorUrl: `http://127.0.0.1:${TOPOLOGY.authEmulator.port}`,
};

/** Only a `demo-` project gets the emulator: a copied dev file must not sign real people into a local fake. */
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

export function readRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  const firebase = config.firebase ?? LOCAL_RUNTIME_CONFIG.firebase;
  return {
    apiUrl: (config.apiUrl ?? LOCAL_RUNTIME_CONFIG.apiUrl).replace(/\/+$/, ''),
    firebase,
    authEmulatorUrl: emulatorFor(firebase, config.authEmulatorUrl),
    ...(typeof config.telemetrySample === 'number' ? { telemetrySample: Math.min(1, Math.max(0, config.telemetrySample)) } : {}),
  };
}

/** A missing file gives the local defaults, so `npm run dev` needs none. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok) return readRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch {
    // Offline or absent: the defaults point at the local API and emulator.
  }
  return LOCAL_RUNTIME_CONFIG;
}
