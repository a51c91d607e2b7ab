import type { AddressInfo } from 'node:net';
import { type EventStream, openStream } from '../../../test/changeStream';
import { type Account, describeEachDriver } from '../../../test/helpers';

describeEachDriver('GET /conversations/stream', (api) => {
  let origin: string;
  let seller: Account;
  let buyer: Account;
  let carId: string;
  const open: EventStream[] = [];

  beforeAll(async () => {
    await api().app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(api().app.server.address() as AddressInfo).port}`;
    seller = await api().account('Seller');
    buyer = await api().account('Buyer');
    carId = await api().addCar(seller);
  });
  afterEach(() => open.splice(0).forEach((stream) => stream.close()));

  const listen = async (who: Account, headers: Record<string, string> = {}) => {
    const stream = await openStream(`${origin}/conversations/stream`, { ...who.auth, ...headers });
    open.push(stream);
    return stream;
  };
  const post = (who: Account, url: string, payload?: unknown) => api().inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
  const textOf = (event: { data: unknown }) => (event.data as { text?: string }).text;

  it("tells each person their unread count at once, then their own conversation's messages as they are written, and the count as it changes", async () => {
    const sellers = await listen(seller);
    const stranger = await listen(await api().account('Buyer'));
    await sellers.arrived((event) => event.name === 'unread');
    expect(sellers.all).toEqual([{ name: 'unread', data: { unread: 0 } }]);

    const asked = await post(buyer, '/conversations', { carId, text: 'Does it have winter tyres?' });
    const id = asked.json()._id as string;
    const message = await sellers.arrived((event) => event.name === 'message');
    expect(message).toEqual({ name: 'message', id: String(asked.json().message.seq), data: asked.json().message });
    expect(await sellers.arrived((event) => event.name === 'unread' && (event.data as { unread: number }).unread === 1)).toBeDefined();

    await post(seller, `/conversations/${id}/read`);
    await sellers.arrived((event) => event.name === 'unread' && (event.data as { unread: number }).unread === 0);
    // Someone else's conversation never reaches a stranger's stream.
    expect(stranger.all.filter((event) => event.name === 'message')).toEqual([]);
  });

  it('resumes after Last-Event-ID with what was missed, and refuses one that is not an event id', async () => {
    const first = await post(buyer, '/conversations', { carId, text: 'One' });
    const id = first.json()._id as string;
    const lastSeen = first.json().message.seq as number;
    await post(buyer, `/conversations/${id}/messages`, { text: 'Two' });
    await post(buyer, `/conversations/${id}/messages`, { text: 'Three' });
    // Keep another listener open, so the instance has been following all along.
    await listen(await api().account('Buyer'));

    const resumed = await listen(seller, { 'last-event-id': String(lastSeen) });
    await resumed.arrived((event) => textOf(event) === 'Three');
    expect(resumed.all.filter((event) => event.name === 'message').map(textOf)).toEqual(['Two', 'Three']);

    const refused = await fetch(`${origin}/conversations/stream`, { headers: { ...seller.auth, 'last-event-id': 'latest' } });
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 400,
      body: { message: 'Last-Event-ID must be the id of an event of this stream' },
    });
    const anonymous = await fetch(`${origin}/conversations/stream`);
    expect({ status: anonymous.status, body: await anonymous.json() }).toMatchObject({ status: 401 });
  });

  it('lets the site’s pages open it from their own origin, naming where they left off', async () => {
    const preflight = await fetch(`${origin}/conversations/stream`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,last-event-id' },
    });
    await preflight.arrayBuffer();
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('last-event-id');
    const controller = new AbortController();
    const response = await fetch(`${origin}/conversations/stream`, { headers: { ...buyer.auth, origin: 'http://localhost:3000' }, signal: controller.signal });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    controller.abort();
  });
});
