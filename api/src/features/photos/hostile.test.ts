import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { CarPhotosResponse } from '@usedcars/shared-contract';
import { carPhotos, writeEvents } from '../../db/schema';
import { type Account, TEST_CONFIG, TestApi, createTestDatabase, describeEachDriver, multipartBody } from '../../../test/helpers';
import { ENCODABLE_SIDE } from './processing';
import { FolderStorage } from './storage';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

/** A folder whose writes, once held, wait until the test lets them go: an upload held mid-processing. */
class HeldStorage extends FolderStorage {
  private release?: () => void;
  reached: Promise<void> = Promise.resolve();
  private onReached = () => {};
  private held = false;

  hold(): void {
    this.held = true;
    this.reached = new Promise((resolve) => (this.onReached = resolve));
  }

  letGo(): void {
    this.held = false;
    this.release?.();
  }

  override async put(key: string, bytes: Buffer): Promise<void> {
    if (this.held) {
      this.onReached();
      await new Promise<void>((resolve) => (this.release = resolve));
    }
    return super.put(key, bytes);
  }
}

describeEachDriver('photo uploads a stranger sends', (api) => {
  let seller: Account;
  let carId: string;

  beforeAll(async () => {
    seller = await api().account('Seller', 'Hostile Target');
    carId = await api().addCar(seller);
  });

  const post = (payload: Buffer | string, contentType: string) =>
    api().inject({ method: 'POST', url: `/audis/${carId}/photos`, headers: { ...seller.auth, 'content-type': contentType }, payload });
  const photoCount = async () => (await api().db.select().from(carPhotos).where(eq(carPhotos.carId, carId))).length;

  it('refuses an upload cut short before its closing boundary with a 400 and a message', async () => {
    const { payload, headers } = await multipartBody([{ name: 'car.png', bytes: await png(64, 48), type: 'image/png' }]);
    const boundary = headers['content-type']!.split('boundary=')[1]!;
    const cut = payload.subarray(0, payload.lastIndexOf(Buffer.from(`--${boundary}--`)));
    const response = await post(cut, headers['content-type']!);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The upload was cut short or is not valid multipart/form-data; send it again' });
    expect(await photoCount()).toBe(0);
  });

  it('scales a picture taller than the encoders can take to fit, instead of failing', async () => {
    const { payload, headers } = await multipartBody([{ name: 'tall.png', bytes: await png(100, 20_000), type: 'image/png' }]);
    const response = await post(payload, headers['content-type']!);
    expect(response.statusCode).toBe(201);
    const [photo] = response.json<CarPhotosResponse>().photos;
    const variants = [...photo!.variants.avif, ...photo!.variants.webp, ...photo!.variants.jpeg];
    expect(Math.max(...variants.map((variant) => variant.height))).toBe(ENCODABLE_SIDE);
    expect(photo!.height).toBe(ENCODABLE_SIDE);
  });

  it('refuses several files in one upload before reading any picture, naming the rule', async () => {
    const bytes = await png(64, 48);
    const { payload, headers } = await multipartBody([
      { name: 'a.png', bytes },
      { name: 'b.png', bytes },
      { name: 'notes.txt', bytes: Buffer.from('not a picture') },
    ]);
    const response = await post(payload, headers['content-type']!);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Send one photo per request; this one has 3 files' });
  });
});

describe.each(['pglite'] as const)('the photo work one seller can cause (%s)', (driver) => {
  let api: TestApi;
  let storage: HeldStorage;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'usedcars-held-'));
    storage = new HeldStorage(dir);
    api = await new TestApi(await createTestDatabase(driver), {
      config: { ...TEST_CONFIG, writeLimits: { ...TEST_CONFIG.writeLimits, photos: 2 } },
      photoStorage: storage,
    }).start();
  });

  afterEach(() => storage.letGo());
  afterAll(async () => {
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = async (as: Account, carId: string, name: string, bytes: Buffer) => {
    const { payload, headers } = await multipartBody([{ name, bytes }]);
    return api.inject({ method: 'POST', url: `/audis/${carId}/photos`, headers: { ...as.auth, ...headers }, payload });
  };
  const slotsUsed = async (as: Account) =>
    (
      await api.db
        .select()
        .from(writeEvents)
        .where(and(eq(writeEvents.subject, as.id), eq(writeEvents.action, 'photo')))
    ).length;

  it('processes one photo per seller at a time; the type check does not wait for it, nor another seller', async () => {
    const seller = await api.account('Seller');
    const other = await api.account('Seller');
    const [mine, theirs] = [await api.addCar(seller), await api.addCar(other)];
    storage.hold();
    const first = send(seller, mine, 'first.png', await png(64, 48));
    await storage.reached;

    const second = await send(seller, mine, 'second.png', await png(64, 48));
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: 'second.png was not sent: another photo of yours is still being processed; send it once that one is done' });
    const text = await send(seller, mine, 'notes.jpg', Buffer.from('just text'));
    expect(text.statusCode).toBe(415);
    expect(text.json().file).toBe('notes.jpg');

    storage.letGo();
    expect((await first).statusCode).toBe(201);
    expect((await send(other, theirs, 'theirs.png', await png(64, 48))).statusCode).toBe(201);
    expect(await slotsUsed(seller)).toBe(1);
  });

  it('counts a picture refused while it was being read against the limit; one refused by its first bytes counts nothing', async () => {
    const seller = await api.account('Seller');
    const carId = await api.addCar(seller);
    const whole = await png(640, 480);
    // A PNG whose header promises more than the file holds: refused only once it is decoded.
    const damaged = Buffer.concat([whole.subarray(0, 200), Buffer.alloc(2000, 7)]);
    expect((await send(seller, carId, 'notes.png', Buffer.from('just text'))).statusCode).toBe(415);
    expect(await slotsUsed(seller)).toBe(0);
    const refused = await send(seller, carId, 'damaged.png', damaged);
    expect(refused.statusCode).toBe(400);
    expect(await slotsUsed(seller)).toBe(1);
    expect((await send(seller, carId, 'good.png', whole)).statusCode).toBe(201);
    const limited = await send(seller, carId, 'more.png', whole);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('You have uploaded 2 photos in the last hour; you can upload another in 1 hour.');
  });
});
