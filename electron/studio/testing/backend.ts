import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createBackend, type Backend, type BackendOptions } from '../backend'

export interface TempBackend {
  backend: Backend
  dataDir: string
  /** Closes the back end and opens a new one on the same data directory (a studio restart). */
  reopen(): Promise<Backend>
  /** Closes the back end and deletes the data directory. */
  cleanup(): Promise<void>
}

/** A real back end on a real SQLite file in a fresh temporary folder, for tests of any area. */
export function createTempBackend(options: Omit<BackendOptions, 'dataDir'> = {}): TempBackend {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-studio-'))
  const temp: TempBackend = {
    backend: createBackend({ ...options, dataDir }),
    dataDir,
    async reopen() {
      await temp.backend.close()
      temp.backend = createBackend({ ...options, dataDir })
      return temp.backend
    },
    async cleanup() {
      await temp.backend.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return temp
}

/** Unwraps a Result in tests: returns the value or throws with the error's code and message. */
export function expectOk<T>(
  result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value
}

/** The ids `askFlow` made; `runId` once its run has started. */
export interface AskFlow {
  flowId: string
  contactId: string
}

/**
 * A saved, active flow "Ask" (keyword `ask` → Question `q`, saved to `name`, no time limit → Message "Hi {{name}}")
 * and a new emulator contact; with `started`, that contact's run started in the emulator and paused at the
 * question, waiting for the customer only.
 */
export async function askFlow(b: Backend): Promise<AskFlow>
export async function askFlow(b: Backend, opts: { started: true }): Promise<AskFlow & { runId: string }>
export async function askFlow(b: Backend, opts: { started?: boolean } = {}): Promise<AskFlow & { runId?: string }> {
  const created = expectOk(await b.call('flows.create', { name: 'Ask' }))
  const document = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['ask'] } },
      { type: 'question', name: 'q', config: { prompt: 'Name?', saveTo: 'name' } },
      { type: 'message', name: 'hi', config: { text: 'Hi {{name}}' } },
    ],
    [
      ['trigger_1', 'out', 'q'],
      ['q', 'out', 'hi'],
    ],
    { id: created.id, name: 'Ask', active: true },
  )
  expectOk(await b.call('flows.save', { document, expectedRevision: created.revision }))
  const contact = expectOk(await b.call('emulator.contact', {}))
  const t = { flowId: created.id, contactId: contact.id }
  if (!opts.started) return t
  const started = expectOk(await b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'ask' } }))
  return { ...t, runId: started.session.run!.id }
}
