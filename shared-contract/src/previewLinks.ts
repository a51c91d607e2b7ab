import { ClaimsSigner, hasClaims } from './signedClaims';

/** What a preview link names: the link's row in the registry, its remote and what it previews; never an address. */
export interface PreviewClaims {
  id: string;
  remote: string;
  /** A registered release, or a team's dev server on the visitor's own machine (docs/releases.md, "Previews"). */
  kind: 'release' | 'local';
  /** Seconds since the epoch. */
  exp: number;
}

const isPreviewClaims = (value: unknown): value is PreviewClaims =>
  hasClaims(value, ['id', 'remote', 'kind']) && (value.kind === 'release' || value.kind === 'local');

/** The API signs preview links; render servers check them before they ask the API about one (a forged link costs no request). */
export class PreviewSigner extends ClaimsSigner<PreviewClaims> {
  constructor(secret: string) {
    super('release-preview', secret, isPreviewClaims, 400);
  }
}
