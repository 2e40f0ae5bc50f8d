// The test generator (docs/testing.md, "Generating tests"): `generateSuite` explores a flow with the real engine and
// writes conversation tests that take every reachable branch; the fuzzer plays random conversations.
export {
  generateSuite,
  DEFAULT_BUDGET_MS,
  type Suite,
  type GeneratedTest,
  type Unreached,
  type GenerateOptions,
  type GenerateProgress,
} from './suite'
export { timeBudget, type Budget, type Phase } from './budget'
export { parseAnswer, validAnswers, invalidAnswers, answerText, FUZZ_NOW } from './answers'
