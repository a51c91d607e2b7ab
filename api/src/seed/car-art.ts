/**
 * Car pictures drawn as SVG, so demo data needs no outside URLs: a few body styles × paints,
 * written to api/public/images/cars by scripts/draw-cars.ts and served by the API.
 */
export const BODY_STYLES = ['sedan', 'suv', 'hatchback', 'coupe', 'wagon'] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

export const PAINTS = {
  black: '#1f2328',
  white: '#e9edf1',
  silver: '#a7b0ba',
  blue: '#1f5fae',
  red: '#b3202a',
  green: '#2f6b4f',
  grey: '#5b6570',
  sand: '#c9a66b',
} as const;
export type Paint = keyof typeof PAINTS;
export const PAINT_NAMES = Object.keys(PAINTS) as Paint[];

interface Shape {
  body: string;
  glass: string;
  /** The B-pillar between the windows: x, top, bottom. */
  pillar: [number, number, number];
  wheels: [number, number];
}

const SHAPES: Record<BodyStyle, Shape> = {
  sedan: {
    body: 'M38 196 L38 166 Q42 146 78 140 L150 134 L204 98 Q216 90 236 90 L318 90 Q338 90 352 102 L392 134 L430 140 Q452 146 450 170 L450 196 Z',
    glass: 'M164 134 L210 102 Q218 97 232 97 L268 97 L268 134 Z M278 97 L316 97 Q330 97 340 106 L372 134 L278 134 Z',
    pillar: [273, 97, 134],
    wheels: [124, 362],
  },
  suv: {
    body: 'M36 200 L36 150 Q38 130 70 126 L120 122 L162 78 Q172 68 192 68 L372 68 Q392 68 404 84 L428 122 Q452 128 452 152 L452 200 Z',
    glass: 'M134 122 L170 84 Q178 76 192 76 L262 76 L262 122 Z M272 76 L360 76 Q378 76 388 90 L410 122 L272 122 Z',
    pillar: [267, 76, 122],
    wheels: [122, 366],
  },
  hatchback: {
    body: 'M50 196 L50 160 Q54 142 88 136 L150 130 L200 94 Q212 86 232 86 L356 86 Q380 86 392 106 L420 150 Q430 160 430 176 L430 196 Z',
    glass: 'M164 130 L206 98 Q214 93 228 93 L280 93 L280 130 Z M290 93 L352 93 Q370 93 380 108 L398 130 L290 130 Z',
    pillar: [285, 93, 130],
    wheels: [130, 352],
  },
  coupe: {
    body: 'M34 196 L34 170 Q38 152 74 146 L160 138 L226 100 Q240 92 262 92 L312 92 Q336 92 356 110 L400 140 L436 146 Q454 152 452 174 L452 196 Z',
    glass: 'M180 138 L232 106 Q242 100 258 100 L300 100 L300 138 Z M310 100 L314 100 Q332 100 346 112 L376 138 L310 138 Z',
    pillar: [305, 100, 138],
    wheels: [122, 366],
  },
  wagon: {
    body: 'M36 196 L36 164 Q40 144 76 138 L146 132 L196 94 Q208 86 228 86 L412 86 Q428 86 434 102 L446 138 Q454 146 452 170 L452 196 Z',
    glass: 'M160 132 L204 98 Q212 93 226 93 L290 93 L290 132 Z M300 93 L404 93 Q418 93 422 106 L430 132 L300 132 Z',
    pillar: [295, 93, 132],
    wheels: [124, 370],
  },
};

function wheel(x: number): string {
  return `<g transform="translate(${x} 198)"><circle r="34" fill="#16181b"/><circle r="21" fill="#c3c9cf"/><circle r="19" fill="#8d959d"/>${[
    0, 72, 144, 216, 288,
  ]
    .map((angle) => `<rect x="-3" y="-18" width="6" height="15" rx="3" fill="#c3c9cf" transform="rotate(${angle})"/>`)
    .join('')}<circle r="6" fill="#5b6168"/></g>`;
}

export function carSvg(style: BodyStyle, paint: Paint): string {
  const shape = SHAPES[style];
  const colour = PAINTS[paint];
  const [rear, front] = shape.wheels;
  const [pillarX, pillarTop, pillarBottom] = shape.pillar;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270" role="img" aria-label="${paint} ${style}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef3f8"/><stop offset="1" stop-color="#d7dee6"/></linearGradient>
<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity="0.85"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9fc3e0"/><stop offset="1" stop-color="#3c5a73"/></linearGradient>
</defs>
<rect width="480" height="270" fill="url(#sky)"/>
<rect y="218" width="480" height="52" fill="#c4ccd4"/>
<ellipse cx="244" cy="228" rx="214" ry="12" fill="#000" opacity="0.18"/>
<path d="${shape.body}" fill="${colour}"/>
<path d="${shape.body}" fill="url(#paint)"/>
<path d="${shape.glass}" fill="url(#glass)" opacity="0.92"/>
<rect x="${pillarX - 4}" y="${pillarTop}" width="8" height="${pillarBottom - pillarTop}" fill="${colour}"/>
<path d="M60 176 L440 176" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>
<rect x="426" y="150" width="22" height="10" rx="4" fill="#fff4c2"/>
<rect x="38" y="156" width="16" height="9" rx="3" fill="#d33b3b"/>
${wheel(rear)}
${wheel(front)}
</svg>
`;
}

export function carImagePath(style: BodyStyle, paint: Paint): string {
  return `/images/cars/${style}-${paint}.svg`;
}
