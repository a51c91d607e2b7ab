import { type Server, createServer as createHttpServer } from 'node:http';
import { type AddressInfo, type Socket, createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { CarResponse, CarPhoto, CarPhotosResponse } from '@usedcars/shared-contract';
import { carPhotos } from '../../db/schema';
import { DRIVERS, TestApi, createTestDatabase, multipartBody } from '../../../test/helpers';
import { TestObjectStore } from '../../../test/object-store';
import { PhotoService } from './service';
import { IMMUTABLE_CACHE_CONTROL, S3Storage } from './storage';
import { StorageUnavailableError } from './storage-outage';

const KEY = (hash: string, extension: 'jpg' | 'webp' | 'avif') => `${hash.repeat(64).slice(0, 64)}.${extension}`;
const UNAVAILABLE = 'The photo storage cannot be reached right now, so nothing was saved; try again in a minute';

const picture = (colour: string) =>
  sharp({ create: { width: 700, height: 500, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const urlsOf = (photo: CarPhoto) => (['avif', 'webp', 'jpeg'] as const).flatMap((format) => photo.variants[format].map((variant) => variant.url));

/** What a browser gets from the address the API names: no credentials, as anyone loads a photo. */
async function load(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** An S3 look-alike that responds to every request with one S3 error. */
async function responding(status: number, code: string): Promise<Server> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('photo files in S3-compatible object storage (s3rver)', () => {
  const store = new TestObjectStore();
  let storage: S3Storage;

  beforeAll(async () => {
    await store.start();
    storage = new S3Storage(store.settings());
  });
  afterAll(async () => {
    storage?.destroy();
    await store.remove();
  });

  it('puts a file under its key with its content type and a year of immutable caching, which a browser gets from its address', async () => {
    for (const [key, type] of [
      [KEY('a1', 'jpg'), 'image/jpeg'],
      [KEY('a2', 'webp'), 'image/webp'],
      [KEY('a3', 'avif'), 'image/avif'],
    ] as const) {
      const bytes = Buffer.from(`the bytes of ${key}`);
      await storage.put(key, bytes);
      expect(storage.urlOf(key)).toBe(`${store.publicBaseUrl}/${key}`);
      expect(await load(storage.urlOf(key))).toEqual({ status: 200, type, cacheControl: IMMUTABLE_CACHE_CONTROL, bytes });
      expect(await storage.get(key)).toEqual(bytes);
      expect(await storage.exists(key)).toBe(true);
    }
    expect(await store.keys()).toEqual([KEY('a1', 'jpg'), KEY('a2', 'webp'), KEY('a3', 'avif')]);
  });

  it('keeps what a key holds: a second put of the same name writes nothing (a name is its content)', async () => {
    const key = KEY('b1', 'jpg');
    await storage.put(key, Buffer.from('first'));
    await storage.put(key, Buffer.from('second'));
    expect((await storage.get(key))?.toString()).toBe('first');
  });

  it('returns null and false for a key it does not hold, and deleting one is not an error', async () => {
    const key = KEY('c1', 'webp');
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect((await load(storage.urlOf(key))).status).toBe(404);
  });

  it('deletes a file: gone from the bucket and from its address', async () => {
    const key = KEY('d1', 'avif');
    await storage.put(key, Buffer.from('soon gone'));
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect((await load(storage.urlOf(key))).status).toBe(404);
    expect(await store.keys()).not.toContain(key);
  });

  it('writes under its prefix, and refuses a key that is not a photo name before asking the store', async () => {
    const prefixed = new S3Storage(store.settings('photos/'));
    try {
      const key = KEY('e1', 'jpg');
      await prefixed.put(key, Buffer.from('prefixed'));
      expect(await store.keys('photos/')).toEqual([`photos/${key}`]);
      expect(prefixed.urlOf(key)).toBe(`${store.publicBaseUrl}/photos/${key}`);
      expect((await load(prefixed.urlOf(key))).status).toBe(200);
      expect(await storage.exists(key)).toBe(false);
      for (const key of ['../escape.jpg', 'releases/catalog/1.0.0/remoteEntry.js', KEY('e2', 'jpg').toUpperCase(), `${KEY('e3', 'jpg')}.exe`]) {
        await expect(prefixed.put(key, Buffer.from('x'))).rejects.toThrow(`not a key of this storage: ${key}`);
      }
    } finally {
      prefixed.destroy();
    }
  });

  it('returns a 503 error, naming the storage, when the store refuses connections or never responds', async () => {
    const closed = new S3Storage({ ...store.settings(), endpoint: 'http://127.0.0.1:9' });
    // A store that takes the connection and never says a word (a hung server, a half-open network).
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hung = new S3Storage({
      ...store.settings(),
      endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeouts: { connectionTimeout: 200, socketTimeout: 200 },
    });
    try {
      for (const unreachable of [closed, hung]) {
        const writing = unreachable.put(KEY('f1', 'jpg'), Buffer.from('x'));
        await expect(writing).rejects.toBeInstanceOf(StorageUnavailableError);
        await expect(writing).rejects.toMatchObject({ statusCode: 503, message: UNAVAILABLE, headers: { 'retry-after': '60' } });
        await expect(unreachable.get(KEY('f1', 'jpg'))).rejects.toMatchObject({
          statusCode: 503,
          message: 'The photo storage cannot be reached right now; try again in a minute',
        });
      }
      await expect(closed.exists(KEY('f1', 'jpg'))).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(closed.delete(KEY('f1', 'jpg'))).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      closed.destroy();
      hung.destroy();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('tells an overloaded store (its own 5xx) from one that refuses the API (403): only the first is a 503', async () => {
    const [overloaded, refusing] = [await responding(503, 'SlowDown'), await responding(403, 'AccessDenied')];
    const at = (server: Server) => new S3Storage({ ...store.settings(), endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    const [busy, denied] = [at(overloaded), at(refusing)];
    try {
      await expect(busy.put(KEY('9f', 'jpg'), Buffer.from('x'))).rejects.toMatchObject({ statusCode: 503, message: UNAVAILABLE });
      // Wrong credentials or a bucket policy: the operator's to fix, logged as a server error, not "try again".
      const refused = denied.put(KEY('9f', 'jpg'), Buffer.from('x'));
      await expect(refused).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(refused).rejects.not.toBeInstanceOf(StorageUnavailableError);
    } finally {
      busy.destroy();
      denied.destroy();
      overloaded.close();
      refusing.close();
    }
  });
});

describe.each(DRIVERS)('a photo from upload to ready with PHOTO_STORAGE=s3 (%s)', (driver) => {
  const store = new TestObjectStore();
  let api: TestApi;
  let seller: Awaited<ReturnType<TestApi['account']>>;

  beforeAll(async () => {
    await store.start();
    api = await new TestApi(await createTestDatabase(driver), { config: store.appConfig() }).start();
    seller = await api.account('Seller', 'Bucket Seller');
  });
  afterAll(async () => {
    await api?.stop();
    await store.remove();
  });

  async function upload(carId: string, bytes: Buffer, name = 'front.jpg') {
    const { payload, headers } = await multipartBody([{ name, bytes }]);
    return api.inject({ method: 'POST', url: `/audis/${carId}/photos`, headers: { ...seller.auth, ...headers }, payload });
  }
  const detail = async (carId: string) => (await api.inject({ method: 'GET', url: `/audis/${carId}` })).json<CarResponse>();

  it('stores every variant in the bucket and returns addresses under PHOTO_PUBLIC_BASE_URL, each served with its type and a year of caching', async () => {
    const carId = await api.addCar(seller);
    const response = await upload(carId, await picture('#2255aa'));
    expect(response.statusCode).toBe(201);
    const { photos, img } = response.json<CarPhotosResponse>();
    expect(photos).toHaveLength(1);
    const urls = urlsOf(photos[0]!);
    // Widths 320, 640 and the picture's own 700, in three formats.
    expect(photos[0]!.variants.jpeg.map((variant) => variant.width)).toEqual([320, 640, 700]);
    expect(urls).toHaveLength(9);
    for (const url of [...urls, img]) expect(url.startsWith(`${store.publicBaseUrl}/`)).toBe(true);
    expect(img).toBe(photos[0]!.variants.jpeg.find((variant) => variant.width === 640)?.url);
    const keys = urls.map((url) => url.slice(store.publicBaseUrl.length + 1)).sort();
    expect((await store.keys()).filter((key) => keys.includes(key))).toEqual(keys);
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      for (const variant of photos[0]!.variants[format]) {
        const loaded = await load(variant.url);
        expect({ status: loaded.status, type: loaded.type, cacheControl: loaded.cacheControl }).toEqual({
          status: 200,
          type,
          cacheControl: IMMUTABLE_CACHE_CONTROL,
        });
        expect((await sharp(loaded.bytes).metadata()).width).toBe(variant.width);
      }
    }
    expect((await detail(carId)).photos).toEqual(photos);
    // Nothing is served by the API itself: the files live in the bucket.
    expect((await api.inject({ method: 'GET', url: `/photos/${keys[0]}` })).statusCode).toBe(404);
  });

  it('deletes the files from the bucket with the last photo that used them', async () => {
    const carId = await api.addCar(seller, { img: 'https://example.com/listed.jpg' });
    const { photos } = (await upload(carId, await picture('#aa5522'))).json<CarPhotosResponse>();
    const keys = urlsOf(photos[0]!).map((url) => url.slice(store.publicBaseUrl.length + 1));
    const removed = await api.inject({ method: 'DELETE', url: `/audis/${carId}/photos/${photos[0]!.id}`, headers: seller.auth });
    expect(removed.json<CarPhotosResponse>()).toEqual({ img: 'https://example.com/listed.jpg', photos: [] });
    const left = await store.keys();
    expect(keys.filter((key) => left.includes(key))).toEqual([]);
    expect((await load(urlsOf(photos[0]!)[0]!)).status).toBe(404);
  });

  it('adds no photo when the store goes away between processing and saving: no row names files the store cannot confirm', async () => {
    const carId = await api.addCar(seller);
    const photos = new PhotoService(api.db, api.photoStorage, 1);
    const staged = await photos.stage('late.jpg', await picture('#123456'));
    await store.stop();
    try {
      await expect(photos.commit(carId, [staged], [''])).rejects.toMatchObject({ statusCode: 503 });
      expect(await api.db.select().from(carPhotos).where(eq(carPhotos.carId, carId))).toEqual([]);
      expect((await detail(carId)).photos).toEqual([]);
    } finally {
      await store.start();
    }
  });

  describe('with the object store down', () => {
    let carId: string;
    let before: CarPhotosResponse;

    beforeAll(async () => {
      carId = await api.addCar(seller, { carName: 'Photographed before the outage' });
      before = (await upload(carId, await picture('#22aa55'))).json<CarPhotosResponse>();
      await store.stop();
    });
    afterAll(() => store.start());

    it('responds to an upload with a 503 that says so, and adds nothing to the car', async () => {
      const response = await upload(carId, await picture('#5522aa'), 'side.jpg');
      expect({ status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() }).toEqual({
        status: 503,
        retryAfter: '60',
        body: { message: UNAVAILABLE },
      });
      const rows = await api.db.select().from(carPhotos).where(eq(carPhotos.carId, carId));
      expect(rows.map((row) => row.id)).toEqual(before.photos.map((photo) => photo.id));
      expect((await detail(carId)).photos).toEqual(before.photos);
    });

    it("still serves the car, the lists and the seller's own cars, with their photos' addresses", async () => {
      const car = await detail(carId);
      expect({ img: car.img, photos: car.photos }).toEqual(before);
      const list = await api.inject({ method: 'GET', url: '/audis?limit=100' });
      expect(list.statusCode).toBe(200);
      expect(list.json<CarResponse[]>().find((listed) => listed._id === carId)?.photos).toEqual(before.photos);
      const mine = await api.inject({ method: 'GET', url: '/myAudi', headers: seller.auth });
      expect(mine.statusCode).toBe(200);
    });

    it('deletes a photo all the same: the car no longer shows it, and its files wait in the bucket', async () => {
      const extraCar = await api.addCar(seller, { img: 'https://example.com/kept.jpg' });
      await store.start();
      const { photos } = (await upload(extraCar, await picture('#777777'))).json<CarPhotosResponse>();
      await store.stop();
      const removed = await api.inject({ method: 'DELETE', url: `/audis/${extraCar}/photos/${photos[0]!.id}`, headers: seller.auth });
      expect({ status: removed.statusCode, body: removed.json() }).toEqual({ status: 200, body: { img: 'https://example.com/kept.jpg', photos: [] } });
      expect((await detail(extraCar)).photos).toEqual([]);
      await store.start();
      const keys = await store.keys();
      await store.stop();
      expect(urlsOf(photos[0]!).every((url) => keys.includes(url.slice(store.publicBaseUrl.length + 1)))).toBe(true);
    });

    it('takes the same upload once the store is back', async () => {
      await store.start();
      try {
        const response = await upload(carId, await picture('#5522aa'), 'side.jpg');
        expect(response.statusCode).toBe(201);
        const { photos } = response.json<CarPhotosResponse>();
        expect(photos.map((photo) => photo.id).slice(0, 1)).toEqual([before.photos[0]!.id]);
        expect(photos).toHaveLength(2);
        for (const url of urlsOf(photos[1]!)) expect((await load(url)).status).toBe(200);
      } finally {
        await store.stop();
      }
    });
  });
});
