// The studio's run host: contacts, Flow Logs storage and the service that starts and resumes runs.
export {
  RunService,
  WithPersonError,
  type RunServiceOptions,
  type StartRequest,
  type InboundOutcome,
} from './run-service'
export { RunStore, type RunSummary, type LoggedMessage } from './run-store'
export { ContactStore, normalisePhone, InvalidPhoneError, type ContactRecord } from './contacts'
export { takeOver, handBack, endAtUntil, personReply, OutsideWindowError, type HandedBack } from './takeover'
