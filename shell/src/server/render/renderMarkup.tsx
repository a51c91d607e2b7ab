/** The React tree of one address rendered to markup, with the styles and head it collected (docs/architecture.md, "Server rendering"). */

import { prerenderToNodeStream } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import type { QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router-dom';
import type { SessionViewer } from '@usedcars/shared-contract';
import { ServerAuthContext, authStateOf } from '@usedcars/shared-auth';
import { ServerHeadContext, type ServerHead } from '@usedcars/federation';
import { AppContent } from '../../app/App';
import { PageServicesContext, createPageServices } from '../../app/services';
import { PreviewContext } from '../../features/preview/PreviewContext';
import type { PagePreview } from '../../features/preview/pagePreview';

export class RenderFailed extends Error {
  constructor(cause: unknown) {
    super(`rendering threw: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RenderFailed';
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * React puts the resource hints it finds while rendering (the pictures the screen shows at once)
 * ahead of the markup, because it is not rendering the <head>; they belong in the head.
 */
function splitResourceHints(markup: string): { hints: string; html: string } {
  const leading = /^(?:<link\b[^>]*>)+/.exec(markup)?.[0] ?? '';
  return { hints: leading, html: markup.slice(leading.length) };
}

/** React's own preloads of pictures the head already names (a plain <img> it hints itself): one request each, not two. */
function withoutNamedImages(hints: string, named: readonly { href: string }[]): string {
  const hrefs = new Set(named.map((image) => image.href));
  return hints.replace(/<link\b[^>]*>/g, (link) => {
    const href = /\bhref="([^"]*)"/.exec(link)?.[1]?.replace(/&amp;/g, '&');
    return /\bas="image"/.test(link) && href !== undefined && hrefs.has(href) ? '' : link;
  });
}

/** Renders the tree; any error (a remote screen that throws, the time budget running out) fails the whole page. */
export interface RenderInputs {
  /** The request's cache, holding what the screens read before rendering. */
  queryClient: QueryClient;
  viewer: SessionViewer | null;
  preview?: PagePreview | null;
}

export async function renderMarkup(
  url: string,
  { queryClient, viewer, preview = null }: RenderInputs,
  signal: AbortSignal,
): Promise<{ html: string; hints: string; styles: string; head: ServerHead }> {
  const head: ServerHead = { preloadImages: [] };
  const sheet = new ServerStyleSheet();
  try {
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      sheet.collectStyles(
        <ServerHeadContext.Provider value={head}>
          <ServerAuthContext.Provider value={viewer ? authStateOf(viewer) : null}>
            <PageServicesContext.Provider value={createPageServices({ client: queryClient })}>
              <PreviewContext.Provider value={preview}>
                <StaticRouter location={url}>
                  <AppContent />
                </StaticRouter>
              </PreviewContext.Provider>
            </PageServicesContext.Provider>
          </ServerAuthContext.Provider>
        </ServerHeadContext.Provider>,
      ),
      {
        signal,
        onError: (error) => void errors.push(error),
        // React sends a large screen as a hidden copy plus an inline script that moves it into
        // place; the pages' security policy runs no inline script, so every screen is sent whole.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      },
    );
    const { hints, html } = splitResourceHints(await readAll(prelude));
    if (errors.length > 0) throw new RenderFailed(errors[0]);
    // Anything React would need a script for (a boundary left for the browser) cannot run here.
    if (/<script[\s>]/i.test(html)) throw new RenderFailed(new Error('the markup needs an inline script'));
    return { html, hints: withoutNamedImages(hints, head.preloadImages), styles: sheet.getStyleTags(), head };
  } finally {
    sheet.seal();
  }
}
