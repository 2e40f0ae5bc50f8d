// Conversation tests: the file format, the player, and the recorder (docs/testing.md).
export {
  parseConversationTest,
  serialiseConversationTest,
  ConversationTestSchema,
  type ConversationTest,
  type Turn,
  type BotMessage,
  type UserInput,
  type TriggerSpec,
} from './format'
export { runConversationTest, type TestOutcome, type TestFailure, type PlayOptions } from './run'
export { testDeps, policyOf, unmockedAdvice, UNMOCKED_HTTP, type TestPolicy, type NetworkCall } from './policy'
export {
  RecordingSchema,
  recordingKey,
  recordingAdvice,
  keptRecordings,
  testModel,
  type Recording,
  type ModelCall,
  type ModelPolicy,
} from './recordings'
export { withRecordings, recordingFailure } from './recordings-file'
export { recordTest, userInput, type Transcript, type Exchange } from './record'
export { resolveInput, typedAnswer, compareMessage, showMessage } from './messages'
export {
  view as botMessageOf,
  messageViewer,
  templatePreviews,
  TemplatePreviewSchema,
  type TemplatePreview,
} from './view'
export { branchCoverage, type Coverage, type Branch } from './coverage'
export { printMessage } from './print'
export { returnedBy, checkReturns } from './returns'
