// The conversation core (docs/engine.md): the one place that decides what an event does to a contact's runs.
export { handleEvent, handoverChanges, sweepRun, endRun, wakeRun, LOCAL_MESSAGE_ID_PREFIX } from './handle'
export { route, type Route, type Plan, type Closing, type StartPlan } from './route'
export type { ConversationEvent, CoreInput, CurrentRun, Handled, Ignored, StepWrite } from './types'
export { contactLanguageOf } from './contact-language'
