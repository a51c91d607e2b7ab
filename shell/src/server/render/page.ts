import type { PreloadImage } from '@usedcars/federation';
import { AFTER_PAINT_SCRIPTS_ID } from '../../app/scriptsAfterPaint';
import { BOOT_DATA_ID, SERVER_RENDERED_ATTRIBUTE, serializeBootData, type BootData } from '@usedcars/federation/boot';
import { type PagePreview, withPreviewBlock } from '../../features/preview/pagePreview';

// index.html is the template, so a server-rendered and a client-rendered page load the same scripts.

export interface RenderedPage {
  html: string;
  styles: string;
  title?: string;
  /** The LCP picture, asked for by the head first; the first screen's scripts, asked for once it is painted. */
  preloadImages: PreloadImage[];
  preloadScripts: string[];
  boot: BootData;
  /** Only on a previewing visitor's page, which no cache keeps. */
  preview?: PagePreview | null;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** tooling/index.html marks what a client-rendered page shows in #root until the page is rendered. */
const ROOT = /<div id="root"><!--root-->[\s\S]*?<!--\/root--><\/div>/;

/** docs/performance.md, "Which format the preload names". */
function imagePreload(image: PreloadImage): string {
  const attributes = [`href="${escapeHtml(image.href)}"`];
  if (image.srcset) attributes.push(`imagesrcset="${escapeHtml(image.srcset)}"`);
  if (image.srcset && image.sizes) attributes.push(`imagesizes="${escapeHtml(image.sizes)}"`);
  if (image.type) attributes.push(`type="${escapeHtml(image.type)}"`);
  return `<link rel="preload" as="image" ${attributes.join(' ')} fetchpriority="high">`;
}

export function assemblePage(template: string, page: RenderedPage): string {
  if (!ROOT.test(template) || !template.includes('</head>') || !template.includes('</body>')) {
    throw new Error('index.html has no <div id="root">, </head> or </body>');
  }
  const head = [
    // No screen painted half-parsed: a table shown with half its rows shares its columns out again (docs/performance.md, "Painted whole").
    '<link rel="expect" href="#root" blocking="render">',
    // Asked for once the page has painted its largest picture, not before (docs/performance.md).
    `<script type="application/json" id="${AFTER_PAINT_SCRIPTS_ID}">${JSON.stringify(page.preloadScripts).replace(/</g, '\\u003c')}</script>`,
    page.styles,
  ].join('');
  // Every replacement is a function: a car's name or markup may hold `$&`, `$'` or `$``, which a string would act on.
  let html = template;
  const { title } = page;
  if (title !== undefined) html = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  // The LCP picture ahead of index.html's first script: where they share one connection, the picture is asked for first.
  const pictures = page.preloadImages.map(imagePreload).join('');
  html = html.replace(/<script\b|<\/head>/, (tag) => `${pictures}${tag}`);
  html = html.replace('</head>', () => `${head}</head>`);
  html = html.replace(ROOT, () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${page.html}</div>`);
  html = html.replace('</body>', () => `<script type="application/json" id="${BOOT_DATA_ID}">${serializeBootData(page.boot)}</script></body>`);
  if (page.preview) html = withPreviewBlock(html, page.preview);
  return html;
}
