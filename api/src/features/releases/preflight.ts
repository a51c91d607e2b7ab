import { type SharingManifest, neededPackages, preflightFindings } from '@usedcars/federation/sharing';
import { registryVersionOf, releaseAddressRefusal } from '@usedcars/shared-contract';
import { HttpError, badRequest } from '../../http/errors';
import type { PhotoStorage } from '../photos/storage';
import { RELEASE_KEYS, releaseKey } from './files';
import type { ReleaseSettings } from './settings';

/** The parts of a federation manifest the API checks (what the render server and the page act on). */
interface Manifest extends SharingManifest {
  metaData?: {
    name?: string;
    publicPath?: string;
    getPublicPath?: string;
    remoteEntry?: { name?: string; path?: string };
    ssrRemoteEntry?: { name?: string; path?: string };
    buildInfo?: { buildVersion?: string };
  };
}

/** What a release names: its remote, its version and where its manifest is. */
export interface ReleaseAddress {
  remote: string;
  version: string;
  manifestUrl: string;
}

const MANIFEST_MAX_BYTES = 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
const unavailable = (message: string) => new HttpError(503, message);

/** A file name or folder inside the build: nothing absolute, nothing that climbs out of it. */
const insideTheBuild = (part: string | undefined) => !part || (!/^[a-z][a-z0-9+.-]*:/i.test(part) && !part.startsWith('/') && !part.split('/').includes('..'));

/**
 * The API's own checks of a release before it is registered or made live again (docs/releases.md,
 * "What is trusted"): where it is, what its manifest says, and the preflight against the site's shell.
 * Nothing the caller claims is taken on its word.
 */
export class ReleaseChecks {
  /** The addresses a release may be loaded from: the release storage, then RELEASE_ORIGINS. */
  readonly allowed: readonly string[];

  /**
   * `files` is the release storage pages load from; `pending` reads a version's files before it is registered too
   * (the upload area, then the release storage: uploads.ts).
   */
  constructor(
    private readonly files: PhotoStorage,
    private readonly settings: Pick<ReleaseSettings, 'filesBaseUrl' | 'origins' | 'siteUrl'>,
    private readonly pending: Pick<PhotoStorage, 'get' | 'exists'> = files,
  ) {
    this.allowed = [settings.filesBaseUrl, ...settings.origins];
  }

  /** The key of a manifest on the release storage, or undefined for one elsewhere. */
  private storageKeyOf(manifestUrl: string): string | undefined {
    const href = new URL(manifestUrl).href;
    return href.startsWith(this.settings.filesBaseUrl) ? href.slice(this.settings.filesBaseUrl.length) : undefined;
  }

  /** Refuses (400) a release the site must not load, and returns its preflight verdict; 503 when the site's shell cannot be read. */
  async check(release: ReleaseAddress): Promise<string> {
    const refusal = releaseAddressRefusal(release.manifestUrl, this.allowed);
    if (refusal) throw badRequest(refusal);
    const manifest = await this.manifestOf(release);
    this.checkManifest(release, manifest);
    if (this.storageKeyOf(release.manifestUrl) !== undefined)
      for (const entry of this.entryKeys(release, manifest))
        if (!(await this.pending.exists(entry)))
          throw badRequest(`${release.remote} ${release.version} lacks ${entry.split('/').slice(2).join('/')}: upload every file first`);
    const shell = await this.siteJson<Manifest>('mf-manifest.json', "the site's shell manifest");
    const provided = new Set((shell.shared ?? []).map((entry) => entry.name));
    // Only what the shell does not share is looked for in the other remotes, as the page does.
    const others = (manifest.shared ?? []).every((entry) => provided.has(entry.name)) ? [] : await this.otherRemotes(release.remote);
    const { findings, refused } = preflightFindings(manifest.shared, shell, others);
    if (refused.length > 0)
      throw badRequest(`The preflight refused ${release.remote} ${release.version}: it needs ${neededPackages(refused)}. Nothing was registered.`);
    const ownCopies = findings.filter((finding) => finding.verdict === 'ownCopy').length;
    return ownCopies > 0 ? `passed (${ownCopies} own ${ownCopies === 1 ? 'copy' : 'copies'})` : 'passed';
  }

  /** Why a registered release cannot run any more (files gone from the release storage, after a restore say), or null. */
  async missingFiles(release: ReleaseAddress): Promise<string | null> {
    const key = this.storageKeyOf(release.manifestUrl);
    if (key === undefined) return null;
    const what = `${release.remote} ${release.version}`;
    const bytes = await this.files.get(key);
    if (!bytes) return `${what}'s files are not in the release storage: it cannot be made live`;
    let manifest: Manifest;
    try {
      manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    } catch {
      return `${what}'s mf-manifest.json in the release storage is not JSON: it cannot be made live`;
    }
    for (const entry of this.entryKeys(release, manifest))
      if (!(await this.files.exists(entry))) return `${what} lacks ${entry} in the release storage: it cannot be made live`;
    return null;
  }

  /** The storage keys of the manifest's browser and server entries (a key no file could have is left to checkManifest). */
  private entryKeys(release: ReleaseAddress, manifest: Manifest): string[] {
    const { remoteEntry, ssrRemoteEntry } = manifest.metaData ?? {};
    return [remoteEntry, ssrRemoteEntry]
      .filter((entry) => entry?.name)
      .map((entry) => releaseKey(release.remote, release.version, [entry!.path, entry!.name].filter(Boolean).join('/')))
      .filter((key) => RELEASE_KEYS.check(key));
  }

  private async manifestOf(release: ReleaseAddress): Promise<Manifest> {
    const key = this.storageKeyOf(release.manifestUrl);
    if (key !== undefined) {
      const own = releaseKey(release.remote, release.version, 'mf-manifest.json');
      if (key !== own) throw badRequest(`A release on the release storage is loaded from its own files: ${this.settings.filesBaseUrl}${own}`);
      const bytes = await this.pending.get(key);
      if (!bytes) throw badRequest(`${release.remote} ${release.version} has no mf-manifest.json uploaded: upload its files first (npm run release does)`);
      return this.parse(release.manifestUrl, bytes.toString('utf8'));
    }
    return this.parse(release.manifestUrl, await this.fetchText(release.manifestUrl, 'the manifest'));
  }

  private parse(manifestUrl: string, text: string): Manifest {
    try {
      const manifest = JSON.parse(text) as Manifest | null;
      if (manifest && typeof manifest === 'object' && manifest.metaData && typeof manifest.metaData === 'object') return manifest;
    } catch {
      // told below
    }
    throw badRequest(`${manifestUrl} is not a federation manifest (mf-manifest.json with its metaData)`);
  }

  /** What the render server and the page would act on: its name, where its files are, and the version its numbers count under. */
  private checkManifest(release: ReleaseAddress, manifest: Manifest): void {
    const meta = manifest.metaData!;
    const name = meta.name ?? manifest.name;
    if (name !== release.remote) throw badRequest(`This manifest is a build of ${String(name)}, not of ${release.remote}`);
    if (meta.getPublicPath) throw badRequest('A release manifest may not carry getPublicPath: it is code the page would run to find the files');
    if (meta.publicPath && meta.publicPath !== 'auto') {
      const refusal = releaseAddressRefusal(new URL(meta.publicPath, release.manifestUrl).href, this.allowed);
      if (refusal) throw badRequest(`Its publicPath is refused: ${refusal}`);
    }
    for (const entry of [meta.remoteEntry, meta.ssrRemoteEntry])
      if (!insideTheBuild(entry?.name) || !insideTheBuild(entry?.path))
        throw badRequest('Its remote entries must be files of the build itself (relative names, no "..")');
    const reported = registryVersionOf(release.manifestUrl, release.remote) ?? meta.buildInfo?.buildVersion;
    if (reported !== release.version)
      throw badRequest(
        `Pages and render servers would report this build as ${reported ?? 'unknown'}, not ${release.version}: register it under that version ` +
          '(docs/releases.md, "What each number means")',
      );
  }

  private async otherRemotes(remote: string): Promise<SharingManifest[]> {
    const remotes = await this.siteJson<Record<string, string>>('remotes.json', "the site's remotes.json");
    const others = Object.entries(remotes).filter(([other]) => other !== remote);
    return Promise.all(others.map(async ([other, url]) => ({ name: other, ...(await this.siteJson<Manifest>(url, `${other}'s manifest`)) })));
  }

  /** A file of the live site (its shell's manifest, its remotes.json, the manifests it names), which the preflight judges against. */
  private async siteJson<T>(address: string, what: string): Promise<T> {
    const url = new URL(address, `${this.settings.siteUrl}/`).href;
    let text: string;
    try {
      text = await this.fetchText(url, what);
    } catch (error) {
      throw unavailable(`The API could not run the preflight: ${(error as Error).message}. Nothing was registered; try again once the site responds.`);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw unavailable(`The API could not run the preflight: ${what} at ${url} is not JSON. Nothing was registered.`);
    }
  }

  /** A small text file over http(s): no redirect (it could lead anywhere), a time limit and a size limit. */
  private async fetchText(url: string, what: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (error) {
      throw badRequest(
        `${what} at ${url} could not be read (${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)})`,
      );
    }
    if (!response.ok) throw badRequest(`${what} at ${url} responded with ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MANIFEST_MAX_BYTES) throw badRequest(`${what} at ${url} is larger than ${MANIFEST_MAX_BYTES} bytes`);
    const text = await response.text();
    if (text.length > MANIFEST_MAX_BYTES) throw badRequest(`${what} at ${url} is larger than ${MANIFEST_MAX_BYTES} bytes`);
    return text;
  }
}
