// Pipelines: catalog
import { listCar, newAccount } from '../support/accounts';
import { renderServerReady } from '../support/renderServer';
import { expect, test } from '../support/test';

/**
 * Texts a seller types that mean something to the code around them: a car's name holding the replacement patterns
 * of JavaScript's String.replace (`$'`, `$&`, a dollar sign before a backquote) is shown as typed, in one page.
 */

test("a car named with $', $& and $` gets one page, its name shown as typed, rendered by the server and in the browser", async ({ page, request }) => {
  await renderServerReady(request);
  const seller = await newAccount(request, 'Seller');
  const name = `Audi $' $& $\` ${Date.now()}`;
  const carId = await listCar(request, seller, { carName: name });
  const address = `/audis/${carId}`;
  // A page past the render budget is left to the browser: asked again, it is rendered with the car in it.
  await expect.poll(async () => (await request.get(address)).text(), { timeout: 30_000 }).toContain('data-server-rendered');
  const html = await (await request.get(address)).text();
  expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
  expect(html.match(/<head>/g)).toHaveLength(1);
  expect(html.match(/<\/body>/g)).toHaveLength(1);
  expect(html).toContain(`<title>${name.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)}</title>`);

  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(name);
});
