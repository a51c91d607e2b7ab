/**
 * npm run bench:photos -w api (and the end of npm run bench -w api)
 * Upload to ready for a 12-megapixel phone JPEG: from the first byte of POST /audis/{id}/photos
 * to its 201, by which time every variant (AVIF, WebP and JPEG at 320, 640 and 1280) is
 * encoded and stored and the car's photo list served. Over HTTP on 127.0.0.1, folder storage,
 * the embedded database. Each run sends a different picture, so nothing is found already stored.
 * BENCH_PHOTO_RUNS sets how many (default 3).
 */
import sharp from 'sharp';
import { TestApi, createTestDatabase, sampleCar } from '../test/helpers';

const RUNS = Number(process.env.BENCH_PHOTO_RUNS ?? 3);
const WIDTH = 4000;
const HEIGHT = 3000;

/** A 4000×3000 JPEG shaped like a phone's: fine grain over broad shapes, EXIF orientation and a GPS position. */
async function phoneJpeg(run: number): Promise<Buffer> {
  const grain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(0.6)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const hue = (run * 67) % 360;
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      `<rect width="100%" height="100%" fill="hsl(${hue},45%,55%)"/>` +
      `<ellipse cx="${1200 + run * 40}" cy="1700" rx="1300" ry="700" fill="hsl(${(hue + 120) % 360},50%,40%)"/>` +
      `<rect x="2200" y="600" width="1400" height="1800" rx="120" fill="hsl(${(hue + 220) % 360},35%,70%)"/></svg>`,
  );
  return sharp(shapes)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 1000/100' } })
    .toBuffer();
}

/** A seller's sign-up and access token, as the site gets them (the test helper's needs jest). */
async function signUpSeller(api: TestApi): Promise<{ auth: { authorization: string } }> {
  const email = 'bench-seller@usedcars.test';
  const idToken = api.identity.signIn(email, 'Bench Seller', 'uid-bench-seller');
  const auth = { authorization: `Bearer ${idToken}` };
  const created = await api.inject({ method: 'POST', url: '/users', headers: auth, payload: { name: 'Bench Seller', email, role: 'Seller' } });
  if (created.statusCode !== 201) throw new Error(`sign-up responded with ${created.statusCode}: ${created.body}`);
  const jwt = await api.inject({ method: 'GET', url: `/jwt?email=${encodeURIComponent(email)}`, headers: auth });
  return { auth: { authorization: `Bearer ${jwt.json<{ accessToken: string }>().accessToken}` } };
}

async function main(): Promise<void> {
  const api = await new TestApi(await createTestDatabase('pglite')).start();
  const server = api.app;
  try {
    const seller = await signUpSeller(api);
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const added = await api.inject({ method: 'POST', url: '/audis', headers: seller.auth, payload: sampleCar({ categoryName: 'audi' }) });
      if (added.statusCode !== 201) throw new Error(`adding a car responded with ${added.statusCode}: ${added.body}`);
      const carId = added.json<{ insertedId: string }>().insertedId;
      const bytes = await phoneJpeg(run);
      const form = new FormData();
      form.append('photo', new Blob([bytes], { type: 'image/jpeg' }), `IMG_${run}.jpg`);
      const started = performance.now();
      const response = await fetch(`${base}/audis/${carId}/photos`, { method: 'POST', headers: { authorization: seller.auth.authorization }, body: form });
      const elapsed = performance.now() - started;
      if (response.status !== 201) throw new Error(`upload responded with ${response.status}: ${await response.text()}`);
      times.push(elapsed);
      console.log(`run ${run + 1}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB, ${WIDTH}×${HEIGHT} JPEG → ready in ${(elapsed / 1000).toFixed(2)} s`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `\nUpload to ready, 12-megapixel JPEG (9 variants): median ${(median / 1000).toFixed(2)} s, best ${(sorted[0]! / 1000).toFixed(2)} s, worst ${(sorted.at(-1)! / 1000).toFixed(2)} s over ${RUNS} runs`,
    );
  } finally {
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
