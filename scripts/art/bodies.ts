/**
 * The body silhouettes of bodyShape and bodyGoal, drawn here (no emoji set has bodies of different
 * builds): one front-view figure per build and gender, from a handful of widths, in the brand green.
 * `npm run art` renders each like an option icon (scripts/art/flow-art.ts): the flows name them as
 * icons `body-<gender>-<build>`, per gender (`icon: { female: ..., male: ... }`).
 */
interface Build {
  /** Half-widths in a 64x64 box: shoulders, chest, waist, hips; arm and leg thickness. */
  readonly shoulders: number;
  readonly chest: number;
  readonly waist: number;
  readonly hips: number;
  readonly arm: number;
  readonly leg: number;
}

const builds: Readonly<Record<'female' | 'male', Readonly<Record<string, Build>>>> = {
  female: {
    slender: { shoulders: 8, chest: 7, waist: 5, hips: 8, arm: 3, leg: 4 },
    medium: { shoulders: 9, chest: 8.5, waist: 7, hips: 10, arm: 3.6, leg: 5 },
    chubby: { shoulders: 10, chest: 10.5, waist: 10, hips: 12, arm: 4.4, leg: 6 },
    'plus-sized': { shoulders: 11.5, chest: 12.5, waist: 13, hips: 14, arm: 5.2, leg: 7 },
    'few-sizes-smaller': { shoulders: 8.5, chest: 8, waist: 6, hips: 9, arm: 3.2, leg: 4.6 },
    athletic: { shoulders: 9.5, chest: 8.5, waist: 6, hips: 9, arm: 3.8, leg: 5 },
    shredded: { shoulders: 10, chest: 9, waist: 5.5, hips: 8.5, arm: 4, leg: 5 },
    swole: { shoulders: 11.5, chest: 10.5, waist: 7, hips: 9.5, arm: 5.2, leg: 6 },
  },
  male: {
    slender: { shoulders: 9, chest: 7.5, waist: 6, hips: 7, arm: 3, leg: 4 },
    medium: { shoulders: 10.5, chest: 9.5, waist: 8.5, hips: 8.5, arm: 3.8, leg: 5 },
    chubby: { shoulders: 11, chest: 11.5, waist: 11.5, hips: 10, arm: 4.5, leg: 6 },
    'plus-sized': { shoulders: 12.5, chest: 13.5, waist: 14, hips: 12, arm: 5.5, leg: 7 },
    'few-sizes-smaller': { shoulders: 10, chest: 9, waist: 7.5, hips: 8, arm: 3.6, leg: 5 },
    athletic: { shoulders: 11.5, chest: 10, waist: 7, hips: 8, arm: 4.2, leg: 5.4 },
    shredded: { shoulders: 12.5, chest: 10.5, waist: 6, hips: 7.5, arm: 4.6, leg: 5.5 },
    swole: { shoulders: 14, chest: 13, waist: 8, hips: 9, arm: 6.5, leg: 7 },
  },
};

const BRAND = '#087256';
const BRAND_DARK = '#065a44';

/** `body-female-athletic` -> its SVG; undefined for any other name (the Fluent Emoji set has those). */
export function bodyIconSvg(name: string): string | undefined {
  const match = /^body-(female|male)-(.+)$/.exec(name);
  const gender = match?.[1] === 'male' ? 'male' : 'female';
  const build = match === null ? undefined : builds[gender][match[2] ?? ''];
  return build === undefined ? undefined : figure(gender, build);
}

/** Every drawn body's icon name, for the art test. */
export const bodyIconNames: readonly string[] = (['female', 'male'] as const).flatMap((gender) => Object.keys(builds[gender]).map((build) => `body-${gender}-${build}`));

function figure(gender: 'female' | 'male', build: Build): string {
  const { shoulders: s, chest: c, waist: w, hips: h, arm, leg } = build;
  const x = (offset: number) => (32 + offset).toFixed(2);
  // The torso, shoulders rounded, widening or narrowing through chest, waist and hips.
  const torso = `M${x(-s + 2)} 19H${x(s - 2)}Q${x(s)} 19 ${x(s)} 21Q${x(c)} 27 ${x(w)} 34Q${x(h)} 37 ${x(h)} 42H${x(-h)}Q${x(-h)} 37 ${x(-w)} 34Q${x(-c)} 27 ${x(-s)} 21Q${x(-s)} 19 ${x(-s + 2)} 19Z`;
  // Arms hang from the shoulders clear of the hips; legs stand under the hips.
  const armOut = Math.max(s, h) + arm / 2 + 0.4;
  const armIn = s - arm / 2 + 0.8;
  const arms = `M${x(-armIn)} 22L${x(-armOut)} 39M${x(armIn)} 22L${x(armOut)} 39`;
  const legX = Math.max(h / 2, leg / 2 + 0.6);
  const legs = `M${x(-legX)} 42V60M${x(legX)} 42V60`;
  const hair = gender === 'female' ? `<circle cx="32" cy="5.2" r="3.4" fill="${BRAND_DARK}"/>` : `<path d="M26.6 10a5.4 5.4 0 0 1 10.8 0q-5.4-3-10.8 0z" fill="${BRAND_DARK}"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    `<circle cx="32" cy="11" r="5.6" fill="${BRAND}"/>`,
    hair,
    `<path d="M30.2 15.5h3.6V20h-3.6z" fill="${BRAND}"/>`,
    `<path d="${torso}" fill="${BRAND}"/>`,
    `<path d="${arms}" stroke="${BRAND}" stroke-width="${arm}" stroke-linecap="round" fill="none"/>`,
    `<path d="${legs}" stroke="${BRAND}" stroke-width="${leg}" stroke-linecap="round" fill="none"/>`,
    '</svg>',
  ].join('');
}
