import { payload } from '../define'

export const emulatorEvents = {
  /** A test contact's run of a flow moved (started, resumed, restarted, expired, variables edited): coverage and
   * any other emulator view of that flow refresh. `source: 'webhook'` marks a run a webhook request started: an open
   * emulator of that flow switches to it (docs/webhook.md). */
  'emulator.updated': payload<{
    flowId: string
    contactId: string
    runId: string | null
    /** `wake`: the studio's timer woke a run that waited on time: an emulator showing that contact reloads. */
    source?: 'webhook' | 'wake'
  }>(),
  /** "Generate tests" at work: what it is doing, conversations played so far and branches they took. */
  'emulator.generateProgress': payload<{
    flowId: string
    /** analysis (proving branches dead), starts / targets (searching values), explore (playing), write. */
    phase: 'analysis' | 'starts' | 'targets' | 'explore' | 'write'
    played: number
    covered: number
    total: number
    elapsedMs: number
  }>(),
}
