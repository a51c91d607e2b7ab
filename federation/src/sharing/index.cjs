// The sharing policy (docs/sharing-and-releases.md); CommonJS so webpack, page, render server and preflight read one copy.

/** One copy per page and per render: [request, package it comes from, { browserOnly }]. */
const SINGLETONS = [
  ['react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom'],
  ['react-dom/client', 'react-dom', { browserOnly: true }],
  // Served by tooling/router-facade.ts: one router, without its server half.
  ['react-router-dom'],
  ['zustand'],
  ['@tanstack/react-query'],
  ['styled-components'],
  ['react-hot-toast'],
  ['firebase/app', 'firebase', { browserOnly: true }],
  ['firebase/auth', 'firebase', { browserOnly: true }],
  ['@usedcars/shared-auth'],
  ['@usedcars/federation'],
];

/** Stateless code: the host's copy when it is of the same major and at least as new, else the remote's own. */
const SHARED_BY_VERSION = ['@usedcars/shared-ui', '@usedcars/shared-api'];

/** What every page runs before its first screen: eager in the shell, preloaded by the render server's head. */
const STARTUP_PACKAGES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'styled-components',
  'zustand',
  '@usedcars/shared-api',
  '@usedcars/shared-auth',
  '@usedcars/federation',
  '@usedcars/shared-ui',
];

function parse(version) {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(version ?? '');
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The range a build accepts for a package it was made with: the same major, at least this version. */
function acceptedRange(version) {
  const parsed = parse(version);
  if (!parsed) return version;
  return `>=${parsed.join('.')} <${parsed[0] + 1}.0.0`;
}

/** The lowest version a requirement accepts: the version in its range, or the build's own. */
function neededVersion(requirement) {
  const inRange = typeof requirement.requiredVersion === 'string' ? /(\d+\.\d+\.\d+)/.exec(requirement.requiredVersion)?.[1] : undefined;
  return inRange ?? requirement.version;
}

function verdictOf(requirement, need, got) {
  if (requirement.requiredVersion === false) return 'ok';
  const sameMajor = need && got && need[0] === got[0];
  if (requirement.singleton) {
    if (!sameMajor) return 'incompatible';
    return compare(got, need) < 0 ? 'olderOnPage' : 'ok';
  }
  return sameMajor && compare(got, need) >= 0 ? 'ok' : 'ownCopy';
}

function judge(requirement, has) {
  const needs = neededVersion(requirement);
  const verdict = verdictOf(requirement, parse(needs), parse(has));
  const line = `${requirement.name}: needs ${needs}, the page has ${has ?? 'none'}`;
  const message = {
    ok: line,
    olderOnPage: `${line} (a singleton of the same major: works while its contract holds)`,
    ownCopy: `${line}: the remote loads its own copy`,
    incompatible: `${line}: a singleton of another major, the remote cannot run on this page`,
  }[verdict];
  return { name: requirement.name, needs, has, verdict, message };
}

function judgeAll(requirements, provided) {
  return requirements.map((requirement) => judge(requirement, provided[requirement.name]));
}

function blocking(findings) {
  return findings.filter((finding) => finding.verdict === 'incompatible');
}

/** `providedOnly`: the render server judges only what it provides (browser-only packages are not its business). */
function checkSharing(shared, provided, { providedOnly = false } = {}) {
  const considered = (shared ?? []).filter((entry) => !providedOnly || (entry.version && entry.name in provided));
  const findings = judgeAll(considered, provided);
  return { findings, refused: blocking(findings) };
}

function preflightFindings(shared, shell, others) {
  const findings = (shared ?? []).map((requirement) => {
    const byShell = (shell.shared ?? []).filter((offer) => offer.name === requirement.name);
    const offered = byShell.length > 0 ? byShell : others.flatMap((manifest) => (manifest.shared ?? []).filter((offer) => offer.name === requirement.name));
    const judged = offered.map((offer) => judge(requirement, offer.version));
    return judged.find((finding) => finding.verdict === 'incompatible') ?? judged[0] ?? judge(requirement, undefined);
  });
  return { findings, refused: blocking(findings) };
}

/** "react 20.0.0 (the site has 19.3.1), …" */
function neededPackages(refused) {
  return refused.map((finding) => `${finding.name} ${finding.needs} (the site has ${finding.has ?? 'none'})`).join(', ');
}

module.exports = { SINGLETONS, SHARED_BY_VERSION, STARTUP_PACKAGES, acceptedRange, judge, judgeAll, blocking, checkSharing, preflightFindings, neededPackages };
