import { match, pageAddress, pageRemoteOf, statusOf } from './routeMatch';

describe('route matching on the render server', () => {
  it('names the remote whose screen an address shows, or the shell', () => {
    expect(pageRemoteOf('/audis')).toBe('catalog');
    expect(pageRemoteOf('/audis/0b7f3c2e-3f52-4b8e-9a57-1d0b6c1e2a11?from=home')).toBe('catalog');
    expect(pageRemoteOf('/dashboard/addProduct')).toBe('dashboard');
    expect(pageRemoteOf('/login')).toBe('shell');
  });

  it('responds with 404 for an address no screen shows, 200 otherwise', () => {
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

describe('the address a page is rendered and cached by', () => {
  it('drops what no screen of the address reads: campaign tags, click ids, anything unknown', () => {
    expect(pageAddress('/blogs?utm_source=x&utm_medium=y&fbclid=z&gclid=w&x=1')).toBe('/blogs');
    expect(pageAddress('/?x=%')).toBe('/');
    expect(pageAddress('/audis/0b7f3c2e-3f52-4b8e-9a57-1d0b6c1e2a11?from=home')).toBe('/audis/0b7f3c2e-3f52-4b8e-9a57-1d0b6c1e2a11');
    expect(pageAddress('/blogs')).toBe('/blogs');
  });

  it("keeps a screen's own parameters in one order, without defaults, empty values or repeats", () => {
    expect(pageAddress('/audis?utm_source=x&sort=-price&q=a4&page=2')).toBe('/audis?q=a4&sort=-price&page=2');
    expect(pageAddress('/audis?page=2&q=a4&sort=-price&fbclid=1')).toBe('/audis?q=a4&sort=-price&page=2');
    expect(pageAddress('/audis?sort=newest&page=1&q=&cursor=')).toBe('/audis');
    expect(pageAddress('/audis?q=a4&q=civic')).toBe('/audis?q=a4');
  });

  it('keeps every option of a facet, since each changes the cars the page shows', () => {
    expect(pageAddress('/audis?fuel=diesel&utm_source=x&fuel=hybrid&q=a4&q=a6')).toBe('/audis?q=a4&fuel=diesel&fuel=hybrid');
    expect(pageAddress('/search?brand=honda&q=civc&brand=audi&sort=relevance')).toBe('/search?q=civc&brand=honda&brand=audi');
    expect(pageAddress('/compare?ids=a,b,c&x=1')).toBe('/compare?ids=a%2Cb%2Cc');
  });
});
