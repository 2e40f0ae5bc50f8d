// The flow engine's public entry point. Pure: effects come in through EngineDeps.
export type * from './types'
export type {
  Effects,
  Clock,
  IdSource,
  HttpRequest,
  HttpResponse,
  ModelRequest,
  ModelAnswer,
  ModelEffect,
  ModelErrorCode,
} from './effects'
export { createEffects, EffectUnavailableError, ModelError } from './effects'
export type { EngineDeps, FlowSource, NodeCatalog, NodeMock } from './deps'
export type { NodeRunner, NodeOutcome, RunContext } from './runner'
export { NodeFailure } from './runner'
export {
  startRun,
  resumeRun,
  goOn,
  wakeUp,
  closeRun,
  isExpired,
  dueAt,
  EngineUsageError,
  type StartOptions,
} from './machine'
export {
  matchTrigger,
  bestKeyword,
  keywordMatches,
  keywordOverlaps,
  type TriggerMatch,
  type KeywordOverlap,
  type Activation,
} from './triggers'
export * from './core'
export { inboundText, interactionVars, systemVars } from './session'
export { MAX_CALL_DEPTH, MAX_NODES_PER_STEP, WINDOW_MS } from './limits'
export { flowsFrom } from './flow-source'
export { windowOpen, sendRefusal, lastInboundOf } from './window'
export { messageId, messageKind, sentMessages } from './sent'
export type * from './debug/types'
export { debugHooks, conditionHolds, conditionProblem, conditionTemplate, hitBreakpoint } from './debug/breakpoints'
