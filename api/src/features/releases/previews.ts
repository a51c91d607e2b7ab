import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  type CreatedPreviewLink,
  LOCAL_EXPIRY_SECONDS,
  PREVIEW_EXPIRY_SECONDS,
  type PreviewCheck,
  type PreviewLink,
  devServerAddressRefusal,
} from '@usedcars/shared-contract';
import type { PreviewClaims, PreviewSigner } from '@usedcars/shared-contract/preview-links';
import type { Db } from '../../db/client';
import { type PreviewLinkRow, previewLinks, releases } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { ReleaseRegistry } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

const sameHash = (secret: string, hash: string) => {
  const given = Buffer.from(hashOf(secret));
  const kept = Buffer.from(hash);
  return given.length === kept.length && timingSafeEqual(given, kept);
};

const toPreviewLink = (row: PreviewLinkRow): PreviewLink => ({
  id: row.id,
  kind: row.kind as PreviewLink['kind'],
  remote: row.remote,
  version: row.version,
  url: row.devUrl,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  claimedAt: row.claimedAt?.toISOString() ?? null,
  withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  withdrawnBy: row.withdrawnBy,
});

type NewLink = Pick<PreviewLinkRow, 'remote' | 'kind' | 'version' | 'devUrl'>;

/**
 * Preview links (docs/releases.md, "Previews"): signed with the secret the render servers share,
 * so a forged link costs them no request, and kept here, so a link can be listed, withdrawn and
 * (a local one) claimed by one browser. A link names a registered release or a dev server on the
 * visitor's own machine, never anything else: it grants no other remote, screen or right.
 */
export class PreviewLinks {
  constructor(
    private readonly db: Db,
    private readonly registry: Pick<ReleaseRegistry, 'find'>,
    private readonly signer: PreviewSigner,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** A link to a registered release, whatever its status. */
  async forRelease(remote: string, version: string, createdBy: string, expiresInSeconds = PREVIEW_EXPIRY_SECONDS.default): Promise<CreatedPreviewLink> {
    if (!(await this.release(remote, version))) throw notFound(`${remote} has no release ${version}`);
    return this.create({ remote, kind: 'release', version, devUrl: null }, createdBy, expiresInSeconds);
  }

  /** A link that makes one browser load the remote from a dev server on its own machine. */
  async forDevServer(remote: string, url: string, createdBy: string, expiresInSeconds = LOCAL_EXPIRY_SECONDS): Promise<CreatedPreviewLink> {
    const refusal = devServerAddressRefusal(url);
    if (refusal) throw badRequest(refusal);
    return this.create({ remote, kind: 'local', version: null, devUrl: url }, createdBy, expiresInSeconds);
  }

  /** Links neither withdrawn nor expired, newest first; one remote's, or every remote's. */
  async live(remote?: string): Promise<PreviewLink[]> {
    const rows = await this.db
      .select()
      .from(previewLinks)
      .where(and(isNull(previewLinks.withdrawnAt), gt(previewLinks.expiresAt, this.clock()), remote ? eq(previewLinks.remote, remote) : undefined))
      .orderBy(desc(previewLinks.createdAt));
    return rows.map(toPreviewLink);
  }

  async find(id: string): Promise<PreviewLink> {
    const row = UUID.test(id) ? await this.row(id) : undefined;
    if (!row) throw notFound(`There is no preview link ${id}`);
    return toPreviewLink(row);
  }

  /**
   * What a render server applies for a link: while it is well signed, unexpired, not withdrawn and
   * its release registered; a local link only with the secret of the browser that claimed it.
   */
  async check(link: string, browser?: string): Promise<PreviewCheck | null> {
    const found = await this.usable(link);
    if (!found) return null;
    const { row, claims } = found;
    if (row.kind === 'local') return row.browserHash && browser && sameHash(browser, row.browserHash) ? this.checked(row, claims, row.devUrl!) : null;
    const release = await this.release(row.remote, row.version!);
    return release ? this.checked(row, claims, release.manifestUrl) : null;
  }

  /** A local link is the first browser's to open it, and no one else's: the response's `browser` is the secret that browser keeps. */
  async claim(link: string): Promise<(PreviewCheck & { browser: string }) | null> {
    const found = await this.usable(link);
    if (!found || found.row.kind !== 'local') return null;
    const browser = randomBytes(24).toString('base64url');
    const [row] = await this.db
      .update(previewLinks)
      .set({ claimedAt: this.clock(), browserHash: hashOf(browser) })
      .where(and(eq(previewLinks.id, found.row.id), isNull(previewLinks.claimedAt), isNull(previewLinks.withdrawnAt)))
      .returning();
    return row ? { ...this.checked(row, found.claims, row.devUrl!), browser } : null;
  }

  /** Ends one link at once; `mayWithdraw` refuses (throws) before anything is written. */
  async withdraw(id: string, by: string, mayWithdraw: (remote: string) => void): Promise<PreviewLink> {
    const link = await this.find(id);
    mayWithdraw(link.remote);
    const [row] = await this.db
      .update(previewLinks)
      .set({ withdrawnAt: this.clock(), withdrawnBy: by })
      .where(and(eq(previewLinks.id, id), isNull(previewLinks.withdrawnAt)))
      .returning();
    return row ? toPreviewLink(row) : link;
  }

  /** Ends every live link of a release; a preview's history says it was withdrawn, and by whom. */
  async withdrawRelease(remote: string, version: string, by: string): Promise<PreviewLink[]> {
    const release = await this.release(remote, version);
    if (!release) throw notFound(`${remote} has no release ${version}`);
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(previewLinks)
        .set({ withdrawnAt: now, withdrawnBy: by })
        .where(and(eq(previewLinks.remote, remote), eq(previewLinks.version, version), isNull(previewLinks.withdrawnAt), gt(previewLinks.expiresAt, now)))
        .returning();
      if (release.status === 'preview')
        await tx
          .update(releases)
          .set({ reason: `previews withdrawn by ${by}`, updatedAt: now })
          .where(eq(releases.id, release.id));
      return rows.map(toPreviewLink);
    });
  }

  private async create(link: NewLink, createdBy: string, expiresInSeconds: number): Promise<CreatedPreviewLink> {
    const expiresAt = new Date(Math.floor(this.clock().getTime() / 1000 + expiresInSeconds) * 1000);
    const [row] = await this.db
      .insert(previewLinks)
      .values({ ...link, createdBy, expiresAt })
      .returning();
    const signed = this.signer.sign({ id: row!.id, remote: row!.remote, kind: link.kind as PreviewClaims['kind'], exp: expiresAt.getTime() / 1000 });
    return { ...toPreviewLink(row!), link: signed };
  }

  /** The link's row while it is well signed, names itself, has not expired and was not withdrawn. */
  private async usable(link: string): Promise<{ row: PreviewLinkRow; claims: PreviewClaims } | null> {
    const now = this.clock();
    const claims = this.signer.verify(link, now.getTime() / 1000);
    if (!claims || !UUID.test(claims.id)) return null;
    const row = await this.row(claims.id);
    if (!row || row.remote !== claims.remote || row.kind !== claims.kind || row.withdrawnAt || row.expiresAt <= now) return null;
    return { row, claims };
  }

  private checked(row: PreviewLinkRow, claims: PreviewClaims, manifestUrl: string): PreviewCheck {
    return { id: row.id, kind: claims.kind, remote: row.remote, version: row.version, manifestUrl, expiresAt: row.expiresAt.toISOString() };
  }

  private async row(id: string): Promise<PreviewLinkRow | undefined> {
    const [row] = await this.db.select().from(previewLinks).where(eq(previewLinks.id, id)).limit(1);
    return row;
  }

  private release(remote: string, version: string) {
    return this.registry.find(remote, version);
  }
}
