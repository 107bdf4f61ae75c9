// The WHO adult BMI bands, shared by the bmiBand calculator (engine/calculators.ts) and the flow
// compiler, which gives the bmiScale visual its bands (engine/compile-flow.ts), so the screen that draws
// them imports no engine code and the two cannot disagree.

/** WHO adult bands: underweight below 18.5, normal to 24.9, overweight to 29.9, obese from 30. */
export const bmiBands = [
  { band: 'underweight', below: 18.5 },
  { band: 'normal', below: 25 },
  { band: 'overweight', below: 30 },
  { band: 'obese', below: Number.POSITIVE_INFINITY },
] as const;

export function bmiBandKey(band: (typeof bmiBands)[number]['band']): string {
  return `common:bmiBands.${band}`;
}

/** Where the BMI scale of an info step (visual `bmiScale`) starts and ends: the plausible adult range shown. */
export const BMI_SCALE = { from: 15, to: 40 } as const;

/** The WHO bands as the `bmiScale` visual draws them, each with its word's key and its span on the scale. */
export const bmiScaleBands: readonly { readonly key: string; readonly from: number; readonly to: number }[] = bmiBands.map(({ band, below }, index) => ({
  key: bmiBandKey(band),
  from: index === 0 ? BMI_SCALE.from : (bmiBands[index - 1]?.below ?? BMI_SCALE.from),
  to: Math.min(below, BMI_SCALE.to),
}));
