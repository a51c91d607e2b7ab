import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { SignJWT } from 'jose';
import {
  type CarResponse,
  type CarPhoto,
  type CarPhotosResponse,
  PHOTO_CONTENT_TYPES,
  PHOTO_FILE_MAX_BYTES,
  type PhotoFormat,
} from '@usedcars/shared-contract';
import { carPhotoVariants, carPhotos, cars } from '../../db/schema';
import { reseedDemo } from '../../seed/seed';
import { type Account, TEST_CONFIG, TestApi, createTestDatabase, describeEachDriver, multipartBody, sampleCar } from '../../../test/helpers';

/** A phone photo as it leaves the phone: stored sideways with EXIF orientation 6, and where it was taken. */
export async function phonePhoto(width = 1200, height = 800, colour = '#3366aa'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: { create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: '#ffcc00' } }, top: 0, left: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { ImageDescription: 'Front yard, 12 Elm Street', Make: 'PhoneCo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 1000/100', GPSMapDatum: 'WGS-84' },
    })
    .toBuffer();
}

const png = (width = 400, height = 300, colour = '#aa3344') =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

/** Every file under a folder, as paths relative to it. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const allUrls = (photo: CarPhoto) => (['avif', 'webp', 'jpeg'] as const).flatMap((format) => photo.variants[format].map((variant) => ({ format, ...variant })));

describeEachDriver('car photos', (api, driver) => {
  let seller: Account;
  let other: Account;
  let buyer: Account;

  beforeAll(async () => {
    seller = await api().account('Seller', 'Photo Seller');
    other = await api().account('Seller', 'Other Seller');
    buyer = await api().account('Buyer');
  });

  async function send(carId: string, files: { name: string; bytes: Buffer; type?: string; field?: string }[], as: Account, fields: [string, string][] = []) {
    const { payload, headers } = await multipartBody(files, fields);
    return api().inject({ method: 'POST', url: `/audis/${carId}/photos`, headers: { ...as.auth, ...headers }, payload });
  }

  /** As the dashboard sends them: one request per photo, its alt beside it; stops at the first refusal. */
  async function upload(carId: string, files: { name: string; bytes: Buffer; type?: string; field?: string }[], as: Account = seller, alts: string[] = []) {
    let response = await send(carId, files.slice(0, 1), as, alts.length > 0 ? [['alt', alts[0]!]] : []);
    for (const [index, file] of files.entries()) {
      if (index === 0) continue;
      if (response.statusCode !== 201) break;
      response = await send(carId, [file], as, alts[index] === undefined ? [] : [['alt', alts[index]]]);
    }
    return response;
  }

  const detail = async (carId: string) => (await api().inject({ method: 'GET', url: `/audis/${carId}` })).json<CarResponse>();
  const photoRows = async (carId: string) => api().db.select().from(carPhotos).where(eq(carPhotos.carId, carId));

  it('turns a phone photo upright, keeps nothing of its metadata, and serves every variant with its type and a year of caching', async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    // The upload really carries what must not travel on.
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('WGS-84')).toBe(true);

    const carId = await api().addCar(seller);
    const response = await upload(carId, [{ name: 'IMG_0042.JPG', bytes: original }]);
    expect(response.statusCode).toBe(201);
    const { photos, img } = response.json<CarPhotosResponse>();
    expect(photos).toHaveLength(1);
    const [photo] = photos as [CarPhoto];
    // 1200 × 800 stored sideways is an 800 × 1200 picture: no width above 800 is made.
    expect(photo).toMatchObject({ width: 800, height: 1200, alt: 'Audi A4 2.0 TFSI Premium, photo 1 of 1' });
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      expect(photo.variants[format].map((variant) => [variant.width, variant.height])).toEqual([
        [320, 480],
        [640, 960],
        [800, 1200],
      ]);
      expect(photo.srcset[format]).toBe(photo.variants[format].map((variant) => `${variant.url} ${variant.width}w`).join(', '));
    }
    expect(photo.src).toBe(photo.variants.jpeg[1]!.url);
    expect(img).toBe(photo.src);

    const formats: Record<PhotoFormat, string> = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' };
    for (const variant of allUrls(photo)) {
      expect(variant.url).toMatch(/^\/photos\/[0-9a-f]{64}\.(avif|webp|jpg)$/);
      const served = await api().inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(PHOTO_CONTENT_TYPES[variant.format]);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const bytes = served.rawPayload;
      expect(Number(served.headers['content-length'])).toBe(bytes.length);
      const metadata = await sharp(bytes).metadata();
      expect({ url: variant.url, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        url: variant.url,
        format: formats[variant.format],
        width: variant.width,
        height: variant.height,
      });
      expect(metadata.width!).toBeLessThan(metadata.height!);
      expect({ exif: metadata.exif, xmp: metadata.xmp, icc: metadata.icc, orientation: metadata.orientation }).toEqual({
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        orientation: undefined,
      });
      for (const secret of ['WGS-84', 'Elm Street', 'PhoneCo', 'Exif']) expect(bytes.includes(secret)).toBe(false);
      // The top-left of the sideways picture (yellow) is now its top-right: the pixels were turned, not just labelled.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      expect(at(info.width - 5, 5)[2]).toBeLessThan(100);
      expect(at(5, info.height - 5)[2]).toBeGreaterThan(100);
    }
    const unknown = await api().inject({ method: 'GET', url: `/photos/${'0'.repeat(64)}.jpg` });
    expect(unknown.statusCode).toBe(404);
    expect((await api().inject({ method: 'GET', url: '/photos/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
  });

  it("shows the photos in the car, its brand list and its seller's list; a car with only a link has none", async () => {
    const linked = await api().addCar(seller, { carName: 'Link only' });
    const carId = await api().addCar(seller, { carName: 'With photos' });
    const response = await upload(
      carId,
      [
        { name: 'front.jpg', bytes: await phonePhoto() },
        { name: 'side.png', bytes: await png(), type: 'image/png' },
      ],
      seller,
      ['The front, in the driveway', ''],
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<CarPhotosResponse>();
    expect(body.photos.map((photo) => photo.alt)).toEqual(['The front, in the driveway', 'With photos, photo 2 of 2']);
    expect(body.photos[1]).toMatchObject({ width: 400, height: 300 });

    const car = await detail(carId);
    expect(car.photos).toEqual(body.photos);
    expect(car.img).toBe(body.photos[0]!.src);
    expect(await detail(linked)).toMatchObject({ img: sampleCar().img, photos: [] });

    const list = (await api().inject({ method: 'GET', url: '/audis?limit=100' })).json<CarResponse[]>();
    expect(list.find((item) => item._id === carId)).toEqual(car);
    expect(list.find((item) => item._id === linked)?.photos).toEqual([]);
    const mine = (await api().inject({ method: 'GET', url: '/myAudi', headers: seller.auth })).json<CarResponse[]>();
    expect(mine.find((item) => item._id === carId)?.photos).toEqual(body.photos);
  });

  it('reorders: the first is the cover, and img follows it', async () => {
    const carId = await api().addCar(seller);
    const added = (
      await upload(carId, [
        { name: 'a.png', bytes: await png(400, 300, '#ff0000') },
        { name: 'b.png', bytes: await png(400, 300, '#00ff00') },
        { name: 'c.png', bytes: await png(400, 300, '#0000ff') },
      ])
    ).json<CarPhotosResponse>();
    const [a, b, c] = added.photos.map((photo) => photo.id) as [string, string, string];

    const reordered = await api().inject({ method: 'PUT', url: `/audis/${carId}/photos`, headers: seller.auth, payload: { photoIds: [c, a, b] } });
    expect(reordered.statusCode).toBe(200);
    const body = reordered.json<CarPhotosResponse>();
    expect(body.photos.map((photo) => photo.id)).toEqual([c, a, b]);
    expect(body.img).toBe(added.photos[2]!.src);
    const car = await detail(carId);
    expect(car.img).toBe(added.photos[2]!.src);
    expect(car.photos.map((photo) => photo.id)).toEqual([c, a, b]);
    expect(car.photos.map((photo) => photo.alt)).toEqual([
      'Audi A4 2.0 TFSI Premium, photo 1 of 3',
      'Audi A4 2.0 TFSI Premium, photo 2 of 3',
      'Audi A4 2.0 TFSI Premium, photo 3 of 3',
    ]);

    // A list from another tab that does not hold every photo of the car, or holds one twice.
    const stale = await api().inject({ method: 'PUT', url: `/audis/${carId}/photos`, headers: seller.auth, payload: { photoIds: [a, b] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^photoIds must name each of this car's 3 photos once/);
    const twice = await api().inject({ method: 'PUT', url: `/audis/${carId}/photos`, headers: seller.auth, payload: { photoIds: [a, a, b] } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'photoIds must name each photo once' });
    const foreign = await api().inject({ method: 'PUT', url: `/audis/${carId}/photos`, headers: other.auth, payload: { photoIds: [a, b, c] } });
    expect(foreign.statusCode).toBe(403);
    expect((await detail(carId)).photos.map((photo) => photo.id)).toEqual([c, a, b]);
  });

  it('deletes a photo and its files; the next photo becomes the cover; the last one leaves the listed link', async () => {
    const carId = await api().addCar(seller, { img: 'https://pictures.example.com/my-audi.jpg' });
    const added = (
      await upload(carId, [
        { name: 'one.png', bytes: await png(500, 300, '#123456') },
        { name: 'two.png', bytes: await png(500, 300, '#654321') },
      ])
    ).json<CarPhotosResponse>();
    const [first, second] = added.photos as [CarPhoto, CarPhoto];

    const removed = await api().inject({ method: 'DELETE', url: `/audis/${carId}/photos/${first.id}`, headers: seller.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<CarPhotosResponse>()).toMatchObject({ img: second.src, photos: [{ id: second.id }] });
    for (const { url } of allUrls(first)) expect((await api().inject({ method: 'GET', url })).statusCode).toBe(404);
    for (const { url } of allUrls(second)) expect((await api().inject({ method: 'GET', url })).statusCode).toBe(200);

    const again = await api().inject({ method: 'DELETE', url: `/audis/${carId}/photos/${first.id}`, headers: seller.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: `This car has no photo with id ${first.id}` });
    expect((await api().inject({ method: 'DELETE', url: `/audis/${carId}/photos/${second.id}`, headers: other.auth })).statusCode).toBe(403);

    const last = await api().inject({ method: 'DELETE', url: `/audis/${carId}/photos/${second.id}`, headers: seller.auth });
    expect(last.json<CarPhotosResponse>()).toEqual({ img: 'https://pictures.example.com/my-audi.jpg', photos: [] });
    expect(await detail(carId)).toMatchObject({ img: 'https://pictures.example.com/my-audi.jpg', photos: [] });
  });

  it("keeps the files another car's photo or a booking still shows", async () => {
    const picture = await png(420, 280, '#777777');
    const mine = await api().addCar(seller);
    const theirs = await api().addCar(other);
    const minePhoto = (await upload(mine, [{ name: 'same.png', bytes: picture }])).json<CarPhotosResponse>().photos[0]!;
    const theirPhoto = (await upload(theirs, [{ name: 'same.png', bytes: picture }], other)).json<CarPhotosResponse>().photos[0]!;
    expect(theirPhoto.src).toBe(minePhoto.src);

    expect((await api().inject({ method: 'DELETE', url: `/audis/${mine}/photos/${minePhoto.id}`, headers: seller.auth })).statusCode).toBe(200);
    for (const { url } of allUrls(theirPhoto)) expect((await api().inject({ method: 'GET', url })).statusCode).toBe(200);

    // A booking keeps the picture the car had when it was booked.
    expect((await api().book(buyer, theirs)).statusCode).toBe(201);
    expect((await api().inject({ method: 'DELETE', url: `/audis/${theirs}/photos/${theirPhoto.id}`, headers: other.auth })).statusCode).toBe(200);
    const [booking] = (await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(buyer.email)}`, headers: buyer.auth })).json<
      { img: string }[]
    >();
    expect(booking?.img).toBe(theirPhoto.src);
    expect((await api().inject({ method: 'GET', url: theirPhoto.src })).statusCode).toBe(200);
    expect((await api().inject({ method: 'GET', url: theirPhoto.variants.avif[0]!.url })).statusCode).toBe(404);
  });

  describe('refusals, each naming the file', () => {
    let carId: string;
    beforeAll(async () => {
      carId = await api().addCar(seller);
    });

    it('a file that is not a picture, whatever its name says', async () => {
      for (const [name, bytes] of [
        ['car.jpg', Buffer.from('This is not a picture at all, just text in a .jpg')],
        ['drawing.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')],
        ['cut.jpg', await phonePhoto(1200, 800).then((whole) => whole.subarray(0, Math.floor(whole.length * 0.6)))],
      ] as const) {
        const response = await upload(carId, [{ name, bytes }]);
        expect({ name, status: response.statusCode }).toEqual({ name, status: name === 'cut.jpg' ? 400 : 415 });
        expect(response.json().file).toBe(name);
        expect(response.json().message).toMatch(new RegExp(`^${name.replace('.', '\\.')} (is not a picture we can read|could not be read)`));
      }
      expect(await photoRows(carId)).toHaveLength(0);
    });

    it('a file over 10 MB', async () => {
      const big = Buffer.concat([await phonePhoto(), Buffer.alloc(PHOTO_FILE_MAX_BYTES)]);
      const response = await upload(carId, [{ name: 'huge.jpg', bytes: big }]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'huge.jpg is larger than 10 MB, the most a photo may be', file: 'huge.jpg' });
    });

    it('a picture of more than 40 megapixels, told from its header before it is decoded', async () => {
      const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(PHOTO_FILE_MAX_BYTES);
      const response = await upload(carId, [{ name: 'bomb.png', bytes: bomb, type: 'image/png' }]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        message: 'bomb.png is 8000 × 6000 pixels (48.0 megapixels); the most a photo may have is 40 megapixels',
        file: 'bomb.png',
      });
    });

    it('a 13th photo', async () => {
      const twelve = await Promise.all(Array.from({ length: 12 }, (_, index) => png(320, 240, `#${(index * 20).toString(16).padStart(2, '0')}8080`)));
      const fresh = await api().addCar(seller);
      expect(
        (
          await upload(
            fresh,
            twelve.map((bytes, index) => ({ name: `p${index + 1}.png`, bytes })),
          )
        ).statusCode,
      ).toBe(201);
      const thirteen = await upload(fresh, [{ name: 'p13.png', bytes: await png(320, 240, '#000000') }]);
      expect(thirteen.statusCode).toBe(409);
      expect(thirteen.json()).toEqual({
        message: 'p13.png would be photo 13 of this car; a car has at most 12 photos. This car has 12, so none can be added before one is deleted.',
        file: 'p13.png',
      });
      expect((await detail(fresh)).photos).toHaveLength(12);
    });

    it('anything but photos in the field photo', async () => {
      const wrongField = await upload(carId, [{ name: 'a.png', bytes: await png(), field: 'image' }]);
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toEqual({ message: 'a.png was sent as "image"; send photos in the field "photo"', file: 'a.png' });
      const none = await send(carId, [], seller, [['alt', 'nothing']]);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ message: 'Send one photo, in the field "photo"' });
      const json = await api().inject({ method: 'POST', url: `/audis/${carId}/photos`, headers: seller.auth, payload: { photo: 'x' } });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ message: 'Send the photo as multipart/form-data, in the field "photo"' });
    });

    it('a refused upload stores nothing: no rows, no files', async () => {
      const filesBefore = filesIn(api().photoDir);
      const rowsBefore = await api().db.select().from(carPhotoVariants);
      for (const [name, bytes] of [
        ['notes.jpg', Buffer.from('shopping list: milk, eggs')],
        ['cut.jpg', await phonePhoto(1600, 1200, '#224466').then((whole) => whole.subarray(0, Math.floor(whole.length * 0.5)))],
      ] as const) {
        const response = await upload(carId, [{ name, bytes }]);
        expect(response.json().file).toBe(name);
      }
      expect(await photoRows(carId)).toHaveLength(0);
      expect(await api().db.select().from(carPhotoVariants)).toHaveLength(rowsBefore.length);
      expect(filesIn(api().photoDir)).toEqual(filesBefore);
      expect((await detail(carId)).img).toBe(sampleCar().img);
    });

    it("someone else's car, a buyer, no token or an expired one: refused before the body is read", async () => {
      const body = [{ name: 'a.png', bytes: await png() }];
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(seller.id)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(TEST_CONFIG.jwtSecret));
      const cases: [string, Record<string, string>, number, string][] = [
        ['another seller', other.auth, 403, 'This car is not yours: only its seller can change its photos'],
        ['a buyer', buyer.auth, 403, 'Only Seller accounts can add photos'],
        ['no token', {}, 401, 'Sign in first: a valid bearer token is required'],
        ['an expired token', { authorization: `Bearer ${expired}` }, 401, 'The access token is not valid or has expired; sign in again'],
      ];
      for (const [who, auth, status, message] of cases) {
        const { payload, headers } = await multipartBody(body);
        const response = await api().inject({ method: 'POST', url: `/audis/${carId}/photos`, headers: { ...auth, ...headers }, payload });
        expect({ who, status: response.statusCode, body: response.json() }).toEqual({ who, status, body: { message } });
      }
      // Another brand's address for this car, or a car that does not exist.
      const { payload, headers } = await multipartBody(body);
      expect((await api().inject({ method: 'POST', url: `/hondas/${carId}/photos`, headers: { ...seller.auth, ...headers }, payload })).statusCode).toBe(404);
      expect(await photoRows(carId)).toHaveLength(0);
    });
  });

  it("counts photos against the seller's hourly limit; a file refused before it is read takes no slot", async () => {
    const limited = await new TestApi(await createTestDatabase(driver), {
      config: { ...TEST_CONFIG, writeLimits: { ...TEST_CONFIG.writeLimits, photos: 3 } },
    }).start();
    try {
      const someone = await limited.account('Seller');
      const carId = await limited.addCar(someone);
      const send = async (bytes: Buffer) => {
        const { payload, headers } = await multipartBody([{ name: 'l.png', bytes }]);
        return limited.inject({ method: 'POST', url: `/audis/${carId}/photos`, headers: { ...someone.auth, ...headers }, payload });
      };
      expect((await send(Buffer.from('nope'))).statusCode).toBe(415);
      for (let photo = 0; photo < 3; photo += 1) expect((await send(await png(200, 150))).statusCode).toBe(201);
      const refused = await send(await png(200, 150));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^You have uploaded 3 photos in the last hour; you can upload another in 1 hour\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(await limited.db.select().from(carPhotos).where(eq(carPhotos.carId, carId))).toHaveLength(3);
    } finally {
      await limited.stop();
    }
  });

  it('describes the photo routes in the OpenAPI document, the upload as multipart', async () => {
    const document = (await api().inject({ method: 'GET', url: '/docs/json' })).json();
    const upload = document.paths['/audis/{id}/photos'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.photo).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload['x-roles']).toEqual(['Seller']);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '409', '413', '415', '429']));
    expect(document.paths['/audis/{id}/photos'].put.requestBody.content['application/json']).toBeDefined();
    expect(document.paths['/audis/{id}/photos/{photoId}'].delete.security).toEqual([{ bearerAuth: [] }]);
  });

  it("takes the car's photos along when its seller's account is deleted", async () => {
    const leaving = await api().account('Seller', 'Leaving Seller');
    const carId = await api().addCar(leaving);
    const photo = (await upload(carId, [{ name: 'bye.png', bytes: await png(360, 240, '#abcdef') }], leaving)).json<CarPhotosResponse>().photos[0]!;
    const admin = await api().account('admin');
    expect((await api().inject({ method: 'DELETE', url: `/allUsers/${leaving.id}`, headers: admin.auth })).statusCode).toBe(200);
    expect(await api().db.select().from(cars).where(eq(cars.id, carId))).toHaveLength(0);
    for (const { url } of allUrls(photo)) expect((await api().inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  // Last: it replaces the catalog this suite's cars are in.
  it('a reseed deletes the files of photos sellers uploaded; the demo photos are made again from the cache', async () => {
    const carId = await api().addCar(seller);
    const photo = (await upload(carId, [{ name: 'gone.png', bytes: await png(380, 250, '#123456') }])).json<CarPhotosResponse>().photos[0]!;
    const photos = { storage: api().photoStorage, cacheDir: path.join(tmpdir(), 'usedcars-test-demo-photo-cache') };
    const report = await reseedDemo(api().db, { demoSignIns: false, photos }, 1);
    expect(report.photos).toBeGreaterThanOrEqual(3 * report.cars);
    for (const { url } of allUrls(photo)) expect((await api().inject({ method: 'GET', url })).statusCode).toBe(404);
    const [demo] = (await api().inject({ method: 'GET', url: '/audis?limit=1' })).json<CarResponse[]>();
    expect((await api().inject({ method: 'GET', url: demo!.img })).statusCode).toBe(200);
  }, 120_000);
});
