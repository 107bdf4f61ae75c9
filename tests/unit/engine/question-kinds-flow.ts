import type { CompiledFlow } from '../../../engine/compiled-flow';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';

/**
 * A small flow with every question kind of issue 28: a multi-select with an exclusive option whose
 * answer a later step tests (`includes`), a slider a later step compares, a birth date, a short text
 * with a pattern.
 */
export const questionKindsFlow = `version: 1
id: kinds
basePath: /onboarding/kinds
exit: /sign-up/password
order: main
orders:
  main: [diets, fishNote, sleep, tired, birthDate, nickname, email, password]
optionSets:
  diets: [{ value: vegan }, { value: fish }, { value: keto }, { value: none }]
  yesNo: [{ value: "yes" }, { value: "no" }]
steps:
  diets:
    screen: multiSelect
    options: diets
    selections: { min: 1, max: 2 }
    exclusive: none
    storage: { mode: answerText }
  fishNote:
    screen: info
    when: { answer: diets, includes: fish }
  sleep:
    screen: slider
    scale: { min: 4, max: 12, step: 0.5, default: 8, minLabel: onboarding:scale.little, maxLabel: onboarding:scale.lots }
    storage: { mode: answerText }
  tired:
    screen: singleChoice
    options: yesNo
    storage: { mode: answerText }
    when: { answer: sleep, lessThan: 6 }
  birthDate:
    screen: date
    dateRange: { earliest: { years: -100 }, latest: { years: -16 } }
    storage: { mode: answerText }
  nickname:
    screen: text
    textRules: { maxLength: 12, pattern: "[A-Za-z ]+", patternMessage: onboarding:nickname.letters }
    storage: { mode: answerText }
  email:
    screen: signUpEmail
  password:
    screen: signUpPassword
`;

export const questionKindsEnglish = {
  steps: Object.fromEntries(['diets', 'fishNote', 'sleep', 'tired', 'birthDate', 'nickname', 'email', 'password'].map((id) => [id, { heading: `${id}?` }])),
  options: { diets: { vegan: 'Vegan', fish: 'Fish', keto: 'Keto', none: 'None of these' }, yesNo: { yes: 'Yes', no: 'No' } },
  scale: { little: 'Little', lots: 'Lots' },
  nickname: { letters: 'Letters only, please.' },
};

/** Compiles a flow text with the English texts above: the compiled flow, or the formatted messages. */
export function compileQuestionKinds(text: string = questionKindsFlow): { flow: CompiledFlow | undefined; messages: string[] } {
  const result = compileFlowProject({
    flowFiles: [{ file: 'flows/kinds.yaml', text }],
    translationFiles: [{ namespace: 'onboarding', file: 'public/locales/en/onboarding.json', text: JSON.stringify(questionKindsEnglish) }],
    publicFileExists: () => true,
  });
  return { flow: result.flows.get('kinds'), messages: result.diagnostics.map(formatFlowDiagnostic) };
}

/** The flow compiled; throws with the messages when it does not compile. */
export function compiledQuestionKindsFlow(): CompiledFlow {
  const { flow, messages } = compileQuestionKinds();
  if (!flow) throw new Error(messages.join('\n'));
  return flow;
}
