import { match, pageRemoteOf, statusOf } from './routeMatch';

describe('route matching on the render server', () => {
  it('names the remote whose screen an address shows, or the shell', () => {
    expect(pageRemoteOf('/audis')).toBe('catalog');
    expect(pageRemoteOf('/audis/0b7f3c2e-3f52-4b8e-9a57-1d0b6c1e2a11?from=home')).toBe('catalog');
    expect(pageRemoteOf('/dashboard/addProduct')).toBe('dashboard');
    expect(pageRemoteOf('/login')).toBe('shell');
  });

  it('answers 404 for an address no screen shows, 200 otherwise', () => {
    expect(statusOf('/no/such/page')).toBe(404);
    expect(statusOf('/blogs')).toBe(200);
  });

  it('gives the same match for an address asked again, whatever its query', () => {
    const first = match('/hondas/0b7f3c2e-3f52-4b8e-9a57-1d0b6c1e2a11');
    expect(first.params).toEqual(expect.objectContaining({ id: '0b7f3c2e-3f52-4b8e-9a57-1d0b6c1e2a11' }));
    expect(match('/hondas/0b7f3c2e-3f52-4b8e-9a57-1d0b6c1e2a11?page=2')).toBe(first);
  });

  it('keeps matching correctly past the number of addresses it keeps', () => {
    for (let i = 0; i < 1200; i += 1) match(`/audis/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(pageRemoteOf('/dashboard/addProduct')).toBe('dashboard');
    expect(match('/audis/00000000-0000-4000-8000-000000000005').params).toEqual(expect.objectContaining({ id: '00000000-0000-4000-8000-000000000005' }));
  });
});
