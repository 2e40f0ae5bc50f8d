import type { z } from 'zod'
import { flowsCommands } from './commands/flows'
import { settingsCommands } from './commands/settings'
import { revisionsCommands } from './commands/revisions'
import { integrationsCommands } from './commands/integrations'
import { emulatorCommands } from './commands/emulator'
import { emulatorTestCommands } from './commands/emulator-tests'
import { emulatorClockCommands } from './commands/emulator-clock'
import { webhookCommands } from './commands/webhook'
import { logsCommands } from './commands/logs'
import { catalogCommands } from './commands/catalog'
import { manualCommands } from './commands/manual'
import { transferCommands } from './commands/transfer'
import { publishCommands } from './commands/publish'
import { contactsCommands } from './commands/contacts'
import { studioCommands } from './commands/studio'
import { compareCommands } from './commands/compare'
import { modelCommands } from './commands/model'
import { breakpointsCommands } from './commands/breakpoints'
import { debugCommands } from './commands/debug'
import { translationsCommands } from './commands/translations'
import { broadcastsCommands } from './commands/broadcasts'
import { handoversCommands } from './commands/handovers'
import { trafficCommands } from './commands/traffic'
import { splitCommands } from './commands/split'
import { flowsEvents } from './events/flows'
import { emulatorEvents } from './events/emulator'
import { logsEvents } from './events/logs'
import { compareEvents } from './events/compare'

export * from './result'
export * from './define'
export type { FlowSummary, FlowRecord, FlowSort, FlowCaller, FlowInterfaceSummary } from './commands/flows'
export type { FlowsChangeKind } from './events/flows'
export type { StudioNotice } from './commands/studio'

// The one contract between UI and back end. Adding an area: one file in commands/ (and events/), one line here.
export const commands = {
  ...flowsCommands,
  ...settingsCommands,
  ...revisionsCommands,
  ...integrationsCommands,
  ...emulatorCommands,
  ...emulatorTestCommands,
  ...emulatorClockCommands,
  ...webhookCommands,
  ...logsCommands,
  ...catalogCommands,
  ...manualCommands,
  ...transferCommands,
  ...publishCommands,
  ...contactsCommands,
  ...studioCommands,
  ...compareCommands,
  ...modelCommands,
  ...breakpointsCommands,
  ...debugCommands,
  ...translationsCommands,
  ...handoversCommands,
  ...trafficCommands,
  ...splitCommands,
  ...broadcastsCommands,
}

export const events = {
  ...flowsEvents,
  ...emulatorEvents,
  ...logsEvents,
  ...compareEvents,
}

export type Commands = typeof commands
export type CommandName = keyof Commands
export type EventName = keyof typeof events

/** What a caller sends (before defaults are applied). */
export type RequestOf<C extends CommandName> = z.input<Commands[C]['req']>
/** What a handler receives (validated, defaults applied). */
export type ParsedRequestOf<C extends CommandName> = z.output<Commands[C]['req']>
export type ResultOf<C extends CommandName> = Commands[C]['res']
export type EventPayload<E extends EventName> = (typeof events)[E]

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(commands, name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name)
}
