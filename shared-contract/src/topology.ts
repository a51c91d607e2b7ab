import topology from '../topology.json';

/**
 * The site's parts, written once in shared-contract/topology.json: each remote's folder, its
 * name for people, its local port and the environment variable that moves it. The launcher,
 * the browser suite, the API's default allowed origins, the first remotes.json and the remote
 * fallbacks' area names all read it (docs/how-to.md, "Add a remote").
 */
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
  /** The SMTP server that catches alert mails with `npm start` and in tests. */
  mailCatcher: SitePart;
}

export const TOPOLOGY: Topology = topology;

/** The remotes' names in the order the site lists them. */
export const REMOTE_NAMES: readonly string[] = Object.keys(topology.remotes);

/** A remote's name for people ("The car catalog"), for messages about its area. */
export function remoteTitle(remote: string): string {
  return TOPOLOGY.remotes[remote]?.title ?? 'This part of the site';
}
