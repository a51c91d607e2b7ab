/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assemblePage, escapeHtml } from './page';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Used Cars</title>
    <script defer src="/main.0123abcd.js"></script>
  </head>
  <body>
    <div id="root"><!--root--><div id="boot" role="status">Loading Used Cars…</div><!--/root--></div>
  </body>
</html>`;

const page = {
  html: '<main><h1>A car</h1></main>',
  styles: '<style data-styled="true">.a{color:red}</style>',
  title: 'Audi A4 & co',
  preloadImages: [{ href: 'http://localhost:3001/assets/hero.svg' }],
  preloadScripts: ['/bootstrap.js', 'http://localhost:3001/remoteEntry.js'],
  boot: { config: { apiUrl: 'http://localhost:5000', firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-x' } }, remotes: {}, manifests: {} },
};

test('the rendered screen replaces the loading placeholder, marked as rendered by the server', () => {
  const html = assemblePage(TEMPLATE, page);
  expect(html).toContain('<div id="root" data-server-rendered><main><h1>A car</h1></main></div>');
  expect(html).not.toContain('Loading Used Cars…');
  expect(html).toContain('<title>Audi A4 &#38; co</title>');
  // The entry script stays where index.html put it.
  expect(html).toContain('<script defer src="/main.0123abcd.js"></script>');
});

test("the head asks for the picture before any script, names the screen's scripts for after the first paint without asking for them, then carries the styles", () => {
  const head = assemblePage(TEMPLATE, page).split('</head>')[0]!;
  const picture = head.indexOf('<link rel="preload" as="image" href="http://localhost:3001/assets/hero.svg" fetchpriority="high">');
  const scripts = head.indexOf('<script type="application/json" id="usedcars-after-paint">["/bootstrap.js","http://localhost:3001/remoteEntry.js"]</script>');
  const styles = head.indexOf('<style data-styled="true">');
  expect(picture).toBeGreaterThan(0);
  // Before index.html's own script too: on a connection they share, the picture goes first.
  expect(picture).toBeLessThan(head.indexOf('<script'));
  expect(head.match(/<link rel="preload" as="image"/g)).toHaveLength(1);
  expect(scripts).toBeGreaterThan(picture);
  expect(styles).toBeGreaterThan(scripts);
  expect(head).not.toContain('as="script"');
});

test('the page is painted only once its rendered screen has been read whole: the head holds rendering until #root ends', () => {
  const html = assemblePage(TEMPLATE, page);
  const [head] = html.split('</head>');
  expect(head).toContain('<link rel="expect" href="#root" blocking="render">');
  // The boot data comes after #root, so it never holds the first paint.
  expect(html.indexOf('<div id="root"')).toBeLessThan(html.indexOf('id="usedcars-boot"'));
});

test("a script address cannot end the scripts' list early", () => {
  const head = assemblePage(TEMPLATE, { ...page, preloadScripts: ['/a.js</script><script>alert(1)</script>'] }).split('</head>')[0]!;
  expect(head).not.toContain('<script>alert(1)');
});

test("a responsive picture's preload names the srcset, sizes and format the picture picks from", () => {
  const cover = {
    href: 'http://localhost:5000/photos/a-640.jpg',
    srcset: 'http://localhost:5000/photos/a-320.webp 320w, http://localhost:5000/photos/a-640.webp 640w',
    sizes: '(max-width: 767px) 100vw, 600px',
    type: 'image/webp',
  };
  const head = assemblePage(TEMPLATE, { ...page, preloadImages: [cover] }).split('</head>')[0]!;
  expect(head).toContain(
    '<link rel="preload" as="image" href="http://localhost:5000/photos/a-640.jpg" ' +
      'imagesrcset="http://localhost:5000/photos/a-320.webp 320w, http://localhost:5000/photos/a-640.webp 640w" ' +
      'imagesizes="(max-width: 767px) 100vw, 600px" type="image/webp" fetchpriority="high">',
  );
});

test("the page's data travels as JSON that no text in it can break out of", () => {
  const hostile = { ...page, boot: { ...page.boot, remotes: { catalog: '</script><script>alert(1)</script><!--' } } };
  const html = assemblePage(TEMPLATE, hostile);
  const block = html.match(/<script type="application\/json" id="usedcars-boot">([\s\S]*?)<\/script>/)![1]!;
  expect(block).not.toContain('<');
  expect(JSON.parse(block).remotes.catalog).toBe('</script><script>alert(1)</script><!--');
});

test('markup that looks like a replacement pattern stays as it is', () => {
  const html = assemblePage(TEMPLATE, { ...page, html: '<p>$& and $1 cost $$</p>' });
  expect(html).toContain('<p>$& and $1 cost $$</p>');
});

test("the site's own page template keeps the placeholder the server fills (a reformatted template would leave every page to the browser)", () => {
  const template = readFileSync(path.join(__dirname, '../../../../tooling/index.html'), 'utf8');
  expect(assemblePage(template, page)).toContain('<div id="root" data-server-rendered><main><h1>A car</h1></main></div>');
});

test('a template without the placeholder is refused rather than served half-filled', () => {
  expect(() => assemblePage('<html><head></head><body><div id="root"></div></body></html>', page)).toThrow(/root/);
});

test('escapeHtml leaves no markup characters', () => {
  expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
});

test.each(["$'", '$&', '$`'])('a car named with %s gets one page: the name is text, never a replacement pattern', (pattern) => {
  const name = `Audi ${pattern} Quattro`;
  const html = assemblePage(TEMPLATE, {
    ...page,
    title: name,
    html: `<main><h1>${escapeHtml(name)}</h1></main>`,
    styles: `<style>.a::after{content:"${pattern}"}</style>`,
  });
  expect(html.match(/<!doctype html>/g)).toHaveLength(1);
  expect(html.match(/<head>/g)).toHaveLength(1);
  expect(html.match(/<\/body>/g)).toHaveLength(1);
  expect(html).toContain(`<title>Audi ${escapeHtml(pattern)} Quattro</title>`);
  expect(html).toContain(`<h1>Audi ${escapeHtml(pattern)} Quattro</h1>`);
  expect(html).toContain(`content:"${pattern}"`);
});
