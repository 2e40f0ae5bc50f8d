import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
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
