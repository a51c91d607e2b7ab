import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DeployToken } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type DeployTokenRow, deployTokens } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Deploy tokens start with this, so a caller's bearer is told apart from an access token without a lookup. */
export const DEPLOY_TOKEN_PREFIX = 'ucd_';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toDeployToken = (row: DeployTokenRow): DeployToken => ({
  id: row.id,
  name: row.name,
  remote: row.remote,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A team's deploy tokens: each releases one remote; only the hash is stored, so the token is shown once. */
export class DeployTokens {
  constructor(private readonly db: Db) {}

  async create(name: string, remote: string, createdBy: string): Promise<DeployToken & { token: string }> {
    const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const [row] = await this.db
      .insert(deployTokens)
      .values({ name, remote, createdBy, tokenHash: hashOf(token) })
      .returning();
    return { ...toDeployToken(row!), token };
  }

  async list(): Promise<DeployToken[]> {
    return (await this.db.select().from(deployTokens).orderBy(desc(deployTokens.createdAt))).map(toDeployToken);
  }

  async revoke(id: string): Promise<DeployToken> {
    const [row] = await this.db
      .update(deployTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(deployTokens.id, id), isNull(deployTokens.revokedAt)))
      .returning();
    if (row) return toDeployToken(row);
    const [revoked] = await this.db.select().from(deployTokens).where(eq(deployTokens.id, id)).limit(1);
    if (!revoked) throw notFound(`No deploy token ${id}`);
    return toDeployToken(revoked);
  }

  /** The token's row while it is not revoked. */
  async resolve(token: string): Promise<DeployTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(deployTokens)
      .where(and(eq(deployTokens.tokenHash, hashOf(token)), isNull(deployTokens.revokedAt)))
      .limit(1);
    return row;
  }
}
