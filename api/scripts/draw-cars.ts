/** Writes the demo car pictures (api/public/images/cars/*.svg). Run: npx tsx scripts/draw-cars.ts */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BODY_STYLES, PAINTS, type Paint, carImagePath, carSvg } from '../src/seed/car-art';

const publicDir = path.resolve(__dirname, '../public');
mkdirSync(path.join(publicDir, 'images/cars'), { recursive: true });
for (const style of BODY_STYLES) {
  for (const paint of Object.keys(PAINTS) as Paint[]) {
    writeFileSync(path.join(publicDir, carImagePath(style, paint)), carSvg(style, paint));
  }
}
console.log(`Drew ${BODY_STYLES.length * Object.keys(PAINTS).length} pictures in ${publicDir}/images/cars`);
