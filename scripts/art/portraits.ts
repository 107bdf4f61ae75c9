/**
 * The testimonials' portraits (config/social-proof.yaml): flat illustrated busts drawn here by hand,
 * never photos of real people. One look per testimonial id; the brand's palette (screens/theme/
 * design-tokens.css) for the backgrounds and clothes, so the three sit together on the page.
 */
export interface PortraitLook {
  readonly background: string;
  readonly skin: string;
  readonly hair: string;
  readonly shirt: string;
  readonly hairStyle: 'long' | 'short' | 'bun';
}

export const portraitLooks: Readonly<Record<string, PortraitLook>> = {
  first: { background: '#e6f5ef', skin: '#f2c9a6', hair: '#6b3f24', shirt: '#087256', hairStyle: 'long' },
  second: { background: '#fff1e8', skin: '#e9b994', hair: '#c8a15a', shirt: '#2f5d8a', hairStyle: 'short' },
  third: { background: '#fdf0cf', skin: '#a86f4c', hair: '#2b1b14', shirt: '#ff6a3d', hairStyle: 'bun' },
};

/** Hair behind the head (long hair falls to the shoulders) and in front of it (the fringe, the bun). */
const hairShapes: Readonly<Record<PortraitLook['hairStyle'], { readonly back: string; readonly front: string }>> = {
  long: {
    back: '<path d="M26 46c0-16 9-26 22-26s22 10 22 26v24c0 4-3 6-7 6H33c-4 0-7-2-7-6z"/>',
    front: '<path d="M31 44c2-12 9-18 17-18s16 6 18 18c-7-2-13-6-17-12-4 6-10 10-18 12z"/>',
  },
  short: {
    back: '',
    front: '<path d="M31 44c-1-13 7-21 17-21s18 8 17 21c-3-5-6-8-10-9-5 3-14 4-24 9z"/>',
  },
  bun: {
    back: '<circle cx="48" cy="19" r="9"/>',
    front: '<path d="M31 45c0-13 7-20 17-20s17 7 17 20c-4-7-10-11-17-11s-13 4-17 11z"/>',
  },
};

/** The portrait of one testimonial as a small standalone SVG (decorative: the name beside it says who). */
export function portraitSvg(look: PortraitLook): string {
  const hair = hairShapes[look.hairStyle];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">',
    '<clipPath id="frame"><circle cx="48" cy="48" r="48"/></clipPath>',
    `<g clip-path="url(#frame)"><circle cx="48" cy="48" r="48" fill="${look.background}"/>`,
    `<g fill="${look.hair}">${hair.back}</g>`,
    // Shoulders and neck; the round frame clips the shoulders.
    `<path d="M14 96c2-16 15-24 34-24s32 8 34 24z" fill="${look.shirt}"/>`,
    `<path d="M41 60h14v13c0 4-3 6-7 6s-7-2-7-6z" fill="${look.skin}"/>`,
    `<ellipse cx="48" cy="46" rx="17" ry="19" fill="${look.skin}"/>`,
    `<g fill="${look.hair}">${hair.front}</g>`,
    // A friendly face: two eyes and a smile, one ink for all three.
    `<g fill="none" stroke="#1f2a24" stroke-width="2" stroke-linecap="round"><path d="M41 48v1M55 48v1"/><path d="M42 56c3 3 9 3 12 0"/></g>`,
    '</g></svg>',
  ].join('');
}
