// Reading a customer's typed answer to a Question: one function per answer type, each parse(text, context) → the
// value to save or why it was refused. The engine (../run.ts), the Question panel's examples and test generation all
// call these, so what the panel shows is what a run does.

export { parseAnswer, prepareAnswers, type AnswerRules } from './parse'
export { answerContext, type AnswerContext } from './context'
export { parseDate, parseDateTime, dayIn, NO_DATE_RULES, type DateRules } from './date'
export { parseEmail } from './email'
export { parseNumber, type NumberRules } from './number'
export { parsePhone, countryOfNumber, countryName, callingCode } from './phone'
export { parseChoice, parseRegex, parseText } from './simple'
export type { AnswerResult, RefusalCode, SavedValue } from './result'
export { ANSWER_TYPES, ANSWER_TYPE_INFO, savedTypeText, type AnswerType } from './types'
export { answerExamples, type AnswerExamples, type Example } from './examples'
