import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The unit systems of flows/default.yaml (cm or ft+in, kg or lb, whole years), for test flows with
 * number steps, and the English common.json whose unit labels and messages the verifier checks.
 */
export const unitSystemsYaml = `unitSystems:
  length:
    metric: { unit: cm, placeholder: 165, range: { min: 100, max: 250 } }
    imperial: { unit: ftIn, toStored: 2.54, placeholder: 65, composite: { major: ft, minor: in, per: 12 } }
    rangeMessage: common:numbers.range.height
    enteredKey: heightEntered
  bodyWeight:
    metric: { unit: kg, placeholder: 65, range: { min: 30, max: 300 } }
    imperial: { unit: lb, toStored: 0.453592, placeholder: 143 }
    rangeMessage: common:numbers.range.weight
  years:
    metric: { unit: years, placeholder: 30, range: { min: 16, max: 99 }, decimals: false }
    rangeMessage: common:numbers.range.age
`;

export const englishCommonFile = {
  namespace: 'common',
  file: 'public/locales/en/common.json',
  text: readFileSync(fileURLToPath(new URL('../../../public/locales/en/common.json', import.meta.url)), 'utf8'),
};
