/**
 * The site's sharing rules as one function, asked by the page before it loads a remote, by the
 * render server before it loads a remote's server build, and by `npm run preflight` before a
 * build is published (docs/sharing-and-releases.md). It reads what a build's mf-manifest.json
 * says of each shared package; it imports nothing, so a Node script can use it as it is.
 *
 * - A singleton (one per page) is taken from the page whatever its version, so the page's copy
 *   must be of the same major. An older minor is accepted: within a major a singleton only grows,
 *   and a remote that used something newer would fail on its own screen, not the page.
 * - A package shared by version is taken from the page when the page's copy is of the same
 *   major and at least as new; otherwise the remote uses the copy it brings.
 */

/** One entry of a manifest's `shared` list (the fields this reads). */
export interface SharedRequirement {
  name: string;
  /** The version the build was made with. */
  version: string;
  /** What it accepts, as tooling/webpack.cjs writes it: `>=x.y.z <X.0.0`. */
  requiredVersion?: string | false;
  singleton?: boolean;
}

export type Verdict =
  /** The page's copy serves it. */
  | 'ok'
  /** A singleton of the same major but an older minor: it works as long as the contract holds. */
  | 'olderOnPage'
  /** Shared by version and the page's copy will not do: the remote loads its own. */
  | 'ownCopy'
  /** A singleton of another major (or none on the page): the remote cannot run here. */
  | 'incompatible';

export interface Finding {
  name: string;
  needs: string;
  has: string | undefined;
  verdict: Verdict;
  /** One line naming the package, the version it needs and the version the page has. */
  message: string;
}

type Triple = [number, number, number];

function parse(version: string | undefined): Triple | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(version ?? '');
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The lowest version a requirement accepts: the version in its range, or the build's own. */
function neededVersion(requirement: SharedRequirement): string {
  const inRange = typeof requirement.requiredVersion === 'string' ? /(\d+\.\d+\.\d+)/.exec(requirement.requiredVersion)?.[1] : undefined;
  return inRange ?? requirement.version;
}

/** How a build's requirement meets the version the page (or the render server) has. */
export function judge(requirement: SharedRequirement, has: string | undefined): Finding {
  const needs = neededVersion(requirement);
  const [need, got] = [parse(needs), parse(has)];
  const verdict = ((): Verdict => {
    if (requirement.requiredVersion === false) return 'ok';
    const sameMajor = need && got && need[0] === got[0];
    if (requirement.singleton) {
      if (!sameMajor) return 'incompatible';
      return compare(got, need) < 0 ? 'olderOnPage' : 'ok';
    }
    return sameMajor && compare(got, need) >= 0 ? 'ok' : 'ownCopy';
  })();
  const page = has ?? 'none';
  const message = {
    ok: `${requirement.name}: needs ${needs}, the page has ${page}`,
    olderOnPage: `${requirement.name}: needs ${needs}, the page has ${page} (a singleton of the same major: works while its contract holds)`,
    ownCopy: `${requirement.name}: needs ${needs}, the page has ${page}: the remote loads its own copy`,
    incompatible: `${requirement.name}: needs ${needs}, the page has ${page}: a singleton of another major, the remote cannot run on this page`,
  }[verdict];
  return { name: requirement.name, needs, has, verdict, message };
}

/**
 * Every shared package of a build against the versions the page provides (package name →
 * version). Packages the page does not provide and the build does not make a singleton are
 * the build's own business.
 */
export function judgeAll(requirements: readonly SharedRequirement[], provided: Readonly<Record<string, string>>): Finding[] {
  return requirements.map((requirement) => judge(requirement, provided[requirement.name]));
}

/** The findings that stop a build from running on the page. */
export function blocking(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => finding.verdict === 'incompatible');
}

/** The range a build accepts for a package it was made with: the same major, at least this version. */
export function acceptedRange(version: string): string {
  const parsed = parse(version);
  if (!parsed) return version;
  return `>=${parsed.join('.')} <${parsed[0] + 1}.0.0`;
}
