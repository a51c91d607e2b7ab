import type { AddressInfo } from 'node:net';
import { openStream } from '../../../test/changeStream';
import { type Account, TestApi, createTestDatabase, DRIVERS } from '../../../test/helpers';

describe.each(DRIVERS)('GET /changes (%s)', (driver) => {
  let api: TestApi;
  let origin: string;
  let seller: Account;

  beforeAll(async () => {
    api = await new TestApi(await createTestDatabase(driver)).start();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    seller = await api.account('Seller');
  });
  afterAll(() => api.stop());

  it('says at once that changes reach it, then tells of each accepted write', async () => {
    const stream = await openStream(`${origin}/changes`);
    try {
      await stream.received(1);
      expect(stream.events).toEqual(['reliable']);

      await api.addCar(seller);
      await stream.received(2);
      expect(stream.events).toEqual(['reliable', 'change']);

      await api.addCar(seller);
      await stream.received(3);
      expect(stream.events).toEqual(['reliable', 'change', 'change']);
    } finally {
      stream.close();
    }
  });
});
