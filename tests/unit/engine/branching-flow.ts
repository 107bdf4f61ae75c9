import type { CompiledFlow } from '../../../engine/compiled-flow';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import type { ResolvedFlow } from '../../../engine/flow-schema';
import { englishCommonFile, unitSystemsYaml } from './unit-systems-fixture';

/**
 * A small branching flow on the existing screen kinds: `goal: keep` jumps over the pregnancy question
 * (route), the pregnancy question is only for women (`when`), the goal weight only when the goal is to
 * change weight (`not`), and a note only for a BMI of 25 or more (a computed value).
 */
export const branchingFlow = `version: 1
id: branchy
basePath: /onboarding/branchy
exit: /sign-up/password
order: main
orders:
  main: [gender, goal, pregnant, height, weight, goalWeight, bmiNote, intro, email, password]
optionSets:
  gender: [{ value: female }, { value: male }]
  goal: [{ value: lose }, { value: keep }]
  yesNo: [{ value: "yes" }, { value: "no" }]
storageKeys:
  gender: { form: option }
  height: { form: number }
  weight: { form: number }
  goalWeight: { form: number }
  useMetricOrImperial: { form: flag }
  heightEntered: { form: flag }
${unitSystemsYaml}steps:
  gender:
    screen: singleChoice
    options: gender
    storage: { mode: value, key: gender }
  goal:
    screen: singleChoice
    options: goal
    storage: { mode: answerText }
    next:
      - { when: { answer: goal, equals: keep }, to: height }
  pregnant:
    screen: singleChoice
    options: yesNo
    storage: { mode: answerText }
    when: { answer: gender, equals: female }
  height:
    screen: number
    unitSystem: length
    storage: { mode: value, key: height }
  weight:
    screen: number
    unitSystem: bodyWeight
    storage: { mode: value, key: weight }
  goalWeight:
    screen: number
    unitSystem: bodyWeight
    storage: { mode: value, key: goalWeight }
    when: { not: { answer: goal, equals: keep } }
  bmiNote:
    screen: info
    info: true
    values: { bmi: { computed: bmi }, weight: { answer: weight } }
    when: { computed: bmi, atLeast: 25 }
  intro:
    screen: info
  email:
    screen: signUpEmail
  password:
    screen: signUpPassword
`;

export const branchingEnglish = {
  steps: Object.fromEntries(
    ['gender', 'goal', 'pregnant', 'height', 'weight', 'goalWeight', 'bmiNote', 'intro', 'email', 'password'].map((id) => [
      id,
      id === 'bmiNote' ? { heading: 'Your BMI at {{weight}}', info: 'Your BMI is {{bmi, number}} at {{weight}}.' } : { heading: `${id}?` },
    ]),
  ),
  options: { gender: { female: 'Female', male: 'Male' }, goal: { lose: 'Lose', keep: 'Keep' }, yesNo: { yes: 'Yes', no: 'No' } },
};

/** Compiles a flow text with the branching flow's English texts: the compiled flow, or the formatted messages. */
export function compileBranching(text: string = branchingFlow): { flow: CompiledFlow | undefined; resolved: ResolvedFlow | undefined; messages: string[] } {
  const result = compileFlowProject({
    flowFiles: [{ file: 'flows/branchy.yaml', text }],
    translationFiles: [{ namespace: 'onboarding', file: 'public/locales/en/onboarding.json', text: JSON.stringify(branchingEnglish) }, englishCommonFile],
    publicFileExists: () => true,
  });
  return { flow: result.flows.get('branchy'), resolved: result.resolved.get('branchy'), messages: result.diagnostics.map(formatFlowDiagnostic) };
}

/** The branching flow compiled; throws with the messages when it does not compile. */
export function compiledBranchingFlow(): CompiledFlow {
  const { flow, messages } = compileBranching();
  if (!flow) throw new Error(messages.join('\n'));
  return flow;
}
