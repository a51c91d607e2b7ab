/** One entry of a manifest's `shared` list (the fields the policy reads). */
export interface SharedRequirement {
  name: string;
  /** The version the build was made with. */
  version: string;
  /** What it accepts, as acceptedRange writes it: `>=x.y.z <X.0.0`. */
  requiredVersion?: string | false;
  singleton?: boolean;
}

/** ok: the host's copy serves; olderOnPage: a singleton of an older minor; ownCopy: the remote brings its own; incompatible: refused. */
export type Verdict = 'ok' | 'olderOnPage' | 'ownCopy' | 'incompatible';

export interface Finding {
  name: string;
  needs: string;
  has: string | undefined;
  verdict: Verdict;
  /** One line naming the package, the version it needs and the version the page has. */
  message: string;
}

export type SingletonEntry = readonly [request: string, fromPackage?: string, options?: { browserOnly?: boolean }];

export declare const SINGLETONS: readonly SingletonEntry[];
export declare const SHARED_BY_VERSION: readonly string[];
export declare const STARTUP_PACKAGES: readonly string[];
export declare function acceptedRange(version: string): string;
export declare function judge(requirement: SharedRequirement, has: string | undefined): Finding;
export declare function judgeAll(requirements: readonly SharedRequirement[], provided: Readonly<Record<string, string>>): Finding[];
export declare function blocking(findings: readonly Finding[]): Finding[];
export declare function checkSharing(
  shared: readonly SharedRequirement[] | undefined,
  provided: Readonly<Record<string, string>>,
  options?: { providedOnly?: boolean },
): { findings: Finding[]; refused: Finding[] };

/** A manifest as the preflight reads it: its name and the packages it shares. */
export interface SharingManifest {
  name?: string;
  shared?: readonly SharedRequirement[];
}
export declare function preflightFindings(
  shared: readonly SharedRequirement[] | undefined,
  shell: SharingManifest,
  others: readonly SharingManifest[],
): { findings: Finding[]; refused: Finding[] };
export declare function neededPackages(refused: readonly Finding[]): string;
