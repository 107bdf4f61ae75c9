/**
 * Art direction of the v2 backgrounds: for each file under public/images/v2/, its colours (gradient
 * start, end, the disc behind the figures) and what it shows. Gendered scenes (the ten steps the spec
 * names) show a woman or a man doing the step's subject, so the female and male images differ by content.
 * Figures and props are Fluent Emoji (Microsoft, MIT licence), composed by scripts/art/flow-art.ts.
 */
export interface V2Scene {
  readonly file: string;
  readonly palette: readonly [string, string, string];
  readonly figures: readonly string[];
  readonly props: readonly string[];
}

const warm = ['#ffe1cf', '#ffc8b4', '#fff4ec'] as const;
const mint = ['#d9f5ea', '#b9e8d6', '#f2fcf7'] as const;
const sky = ['#dcecff', '#bcd8fb', '#f3f8ff'] as const;
const lilac = ['#ece3ff', '#d6c6fb', '#f8f4ff'] as const;
const sun = ['#fff1c7', '#ffe08f', '#fffaf0'] as const;
const rose = ['#ffe0ea', '#ffc4d6', '#fff5f8'] as const;

/** One scene per gender for the spec's ten gendered steps. */
function gendered(file: string, palette: readonly [string, string, string], woman: string, man: string, props: readonly string[]): V2Scene[] {
  return [
    { file: `${file}-female`, palette, figures: [woman], props },
    { file: `${file}-male`, palette, figures: [man], props },
  ];
}

export const v2Scenes: readonly V2Scene[] = [
  { file: 'gender', palette: warm, figures: ['woman-raising-hand', 'man-raising-hand'], props: ['sparkles', 'green-salad', 'red-apple'] },
  { file: 'company', palette: sun, figures: ['trophy'], props: ['star', 'sports-medal', 'glowing-star'] },
  ...gendered('choose-goal', mint, 'woman-running', 'man-running', ['bullseye', 'chart-decreasing', 'sparkles']),
  ...gendered('body-shape', rose, 'woman-standing', 'man-standing', ['straight-ruler', 'red-apple', 'sparkles']),
  ...gendered('body-goal', sky, 'woman-lifting-weights', 'man-lifting-weights', ['flexed-biceps', 'fire', 'trophy']),
  ...gendered('best-shape', lilac, 'woman-cartwheeling', 'man-cartwheeling', ['1st-place-medal', 'calendar', 'sparkles']),
  { file: 'food-preferences', palette: mint, figures: ['green-salad'], props: ['avocado', 'carrot', 'egg', 'red-apple', 'broccoli'] },
  ...gendered('cooking-preference', warm, 'woman-cook', 'man-cook', ['shallow-pan-of-food', 'carrot', 'takeout-box']),
  { file: 'water-intake', palette: sky, figures: ['droplet'], props: ['cup-with-straw', 'glass-of-milk', 'hot-beverage'] },
  ...gendered('walking-frequency', mint, 'woman-walking', 'man-walking', ['footprints', 'deciduous-tree', 'sun']),
  { file: 'nutrition-intro', palette: sun, figures: ['green-salad'], props: ['bar-chart', 'red-apple', 'avocado'] },
  ...gendered('work-schedule', sky, 'woman-office-worker', 'man-office-worker', ['laptop', 'alarm-clock', 'hot-beverage']),
  ...gendered('workout-frequency', rose, 'woman-biking', 'man-biking', ['stopwatch', 'running-shoe', 'fire']),
  { file: 'sleep-hours', palette: lilac, figures: ['sleeping-face'], props: ['crescent-moon', 'zzz', 'bed'] },
  { file: 'upcoming-questions', palette: mint, figures: ['clipboard'], props: ['pencil', 'check-mark-button', 'sparkles'] },
  ...gendered('height', sky, 'woman-standing', 'man-standing', ['straight-ruler', 'triangular-ruler', 'sparkles']),
  ...gendered('weight', warm, 'woman-raising-hand', 'man-raising-hand', ['balance-scale', 'red-apple', 'sparkles']),
  { file: 'goal-weight', palette: mint, figures: ['bullseye'], props: ['chart-decreasing', 'sparkles', 'green-salad'] },
  { file: 'age', palette: rose, figures: ['birthday-cake'], props: ['party-popper', 'calendar', 'sparkles'] },
  // Shared by women and men (the spec genders ten other steps): an object, not a person who reads as male.
  { file: 'activity-level', palette: sun, figures: ['running-shoe'], props: ['high-voltage', 'stopwatch', 'bar-chart'] },
  { file: 'speed-goal', palette: sky, figures: ['rocket'], props: ['turtle', 'rabbit', 'chart-decreasing'] },
  { file: 'nutrition-goal', palette: mint, figures: ['steaming-bowl'], props: ['flexed-biceps', 'avocado', 'cut-of-meat'] },
  { file: 'ready-to-start', palette: sun, figures: ['party-popper'], props: ['sparkles', 'trophy', 'glowing-star'] },
  { file: 'email', palette: lilac, figures: ['envelope-with-arrow'], props: ['sparkles', 'check-mark-button'] },
  { file: 'password', palette: lilac, figures: ['locked-with-key'], props: ['sparkles', 'check-mark-button'] },
];
