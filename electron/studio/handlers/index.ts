import { flowsHandlers } from './flows'
import { settingsHandlers } from './settings'
import { revisionsHandlers } from './revisions'
import { integrationsHandlers } from './integrations'
import { emulatorHandlers } from './emulator'
import { webhookHandlers } from './webhook'
import { logsHandlers } from './logs'
import { catalogHandlers } from './catalog'
import { manualHandlers } from './manual'
import { transferHandlers } from './transfer'
import { publishHandlers } from './publish'
import { contactsHandlers } from './contacts'
import { studioHandlers } from './studio'
import { compareHandlers } from './compare'
import { modelHandlers } from './model'
import { breakpointsHandlers } from './breakpoints'
import { debugHandlers } from './debug'
import { translationsHandlers } from './translations'
import { broadcastsHandlers } from './broadcasts'
import { handoversHandlers } from './handovers'
import { trafficHandlers } from './traffic'
import { untestedHandlers } from './untested'
import type { HandlerMap } from './types'

// Every Command's one implementation. Adding an area: handlers/<area>.ts typed AreaHandlers<'<area>'>, one line
// here. The HandlerMap type makes a command without a handler a compile error.
export const handlers: HandlerMap = {
  ...flowsHandlers,
  ...settingsHandlers,
  ...revisionsHandlers,
  ...integrationsHandlers,
  ...emulatorHandlers,
  ...webhookHandlers,
  ...logsHandlers,
  ...catalogHandlers,
  ...manualHandlers,
  ...transferHandlers,
  ...publishHandlers,
  ...contactsHandlers,
  ...studioHandlers,
  ...compareHandlers,
  ...modelHandlers,
  ...breakpointsHandlers,
  ...debugHandlers,
  ...handoversHandlers,
  ...translationsHandlers,
  ...trafficHandlers,
  ...broadcastsHandlers,
  ...untestedHandlers,
}
