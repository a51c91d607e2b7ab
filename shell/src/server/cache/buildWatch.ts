/**
 * Notices a remote republished under the same manifest address: the page cache's key holds
 * remotes.json, not what each manifest names, so every few seconds each manifest's version is
 * read and any change drops the cached pages (docs/operations.md, "The page cache").
 */
export function watchRemoteBuilds(o: {
  remotes: () => Partial<Record<string, string>>;
  /** The version of the build a manifest names now. */
  versionOf: (remote: string, manifestUrl: string) => Promise<string>;
  onChange: () => void;
  everyMs: number;
}): () => void {
  const seen = new Map<string, string>();
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      for (const [remote, manifestUrl] of Object.entries(o.remotes())) {
        if (!manifestUrl) continue;
        const version = await o.versionOf(remote, manifestUrl).catch(() => undefined);
        if (version === undefined) continue;
        const before = seen.get(remote);
        seen.set(remote, version);
        if (before !== undefined && before !== version) o.onChange();
      }
    } catch {
      // remotes.json unreadable for a moment: the next check tries again
    } finally {
      checking = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), o.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
