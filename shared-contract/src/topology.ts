import topology from '../topology.json';

// Written once in topology.json; who reads it: docs/how-to.md, "Add a remote".
export interface SitePart {
  folder?: string;
  port: number;
  portEnv: string;
  title: string;
}

export interface Topology {
  shell: SitePart;
  remotes: Record<string, SitePart>;
  api: SitePart;
  authEmulator: SitePart;
  mailCatcher: SitePart;
}

export const TOPOLOGY: Topology = topology;

export const REMOTE_NAMES: readonly string[] = Object.keys(topology.remotes);

export function remoteTitle(remote: string): string {
  return TOPOLOGY.remotes[remote]?.title ?? 'This part of the site';
}
