/** @jest-environment node */
import { contentSecurityPolicy, pageHeaders } from './securityHeaders';

const remotes = { catalog: 'https://catalog.example.com/v2/mf-manifest.json', checkout: 'http://localhost:3003/mf-manifest.json' };
const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

test("scripts only from the site and the remotes' origins, never inline; no framing", () => {
  const policy = directives(
    contentSecurityPolicy({
      config: { apiUrl: 'https://api.example.com', firebase: { apiKey: 'k', authDomain: 'shop.firebaseapp.com', projectId: 'shop' } },
      remotes,
    }),
  );
  expect(policy['script-src']).toEqual(["'self'", 'https://catalog.example.com', 'http://localhost:3003', 'https://apis.google.com']);
  expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://api.example.com', 'https://identitytoolkit.googleapis.com']));
  expect(policy['frame-src']).toEqual(['https://shop.firebaseapp.com']);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
});

test('the identity emulator only for a demo- project, as the page itself decides', () => {
  const emulated = directives(
    contentSecurityPolicy({
      config: {
        apiUrl: 'http://localhost:5000',
        firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-usedcars' },
        authEmulatorUrl: 'http://127.0.0.1:9099',
      },
      remotes,
    }),
  );
  expect(emulated['script-src']).toContain('http://127.0.0.1:9099');
  expect(emulated['script-src']).not.toContain('https://apis.google.com');
  const real = contentSecurityPolicy({
    config: { apiUrl: 'https://api.example.com', firebase: { apiKey: 'k', authDomain: 'd', projectId: 'shop' }, authEmulatorUrl: 'http://127.0.0.1:9099' },
    remotes,
  });
  expect(real).not.toContain('127.0.0.1:9099');
});

test("Stripe's scripts, frames and API only when the deployment says it pays through Stripe", () => {
  const config = { apiUrl: 'https://api.example.com', firebase: { apiKey: 'k', authDomain: 'd', projectId: 'shop' } };
  expect(contentSecurityPolicy({ config, remotes })).not.toContain('stripe');
  const withStripe = directives(contentSecurityPolicy({ config: { ...config, payments: 'stripe' }, remotes }));
  expect(withStripe['script-src']).toContain('https://js.stripe.com');
  expect(withStripe['frame-src']).toContain('https://hooks.stripe.com');
  expect(withStripe['connect-src']).toContain('https://api.stripe.com');
  expect(pageHeaders({ config: { ...config, payments: 'stripe' }, remotes })['Permissions-Policy']).toContain('"https://js.stripe.com"');
});

test("a dev server on the visitor's machine: its scripts and its hot-reload socket, and nothing of it in anyone else's policy", () => {
  const config = { apiUrl: 'https://api.example.com' };
  const local = directives(
    contentSecurityPolicy({ config, remotes: { ...remotes, catalog: 'http://localhost:3001/mf-manifest.json' }, devServers: ['http://localhost:3001'] }),
  );
  expect(local['script-src']).toContain('http://localhost:3001');
  expect(local['connect-src']).toEqual(expect.arrayContaining(['http://localhost:3001', 'ws://localhost:3001']));
  // No eval, no inline script for it: its build sends source maps as files.
  expect(local['script-src']).not.toContain("'unsafe-eval'");
  expect(local['script-src']).not.toContain("'unsafe-inline'");
  // One served over https gets a secure socket.
  expect(directives(contentSecurityPolicy({ config, remotes, devServers: ['https://localhost:3001'] }))['connect-src']).toContain('wss://localhost:3001');
  const everyone = contentSecurityPolicy({ config, remotes });
  expect(everyone).not.toContain('3001');
});
