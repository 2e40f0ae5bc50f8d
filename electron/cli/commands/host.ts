// What the commands that play flows share: the effects the saved-test policy needs from this machine (Scripts in
// the sandbox, an HTTP client for tests that opt in with `live`), and finding files under the paths given.
import fs from 'node:fs'
import path from 'node:path'
import { createEffects, type EngineDeps } from '../../../shared/engine'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { createHttpEffect, createScriptEffect } from '../../services/effects'
import type { LibraryEffects } from './library'

/**
 * What `chatflow test`, `generate` and `test --fuzz` play a flow with, so a Script behaves the same in all three: the
 * real QuickJS sandbox and HTTP client, which the saved-test policy (shared/engine/conversation/policy.ts) holds to
 * the test's mocks and `live`, and the templates and products given.
 */
export function commandLineDeps(library: LibraryEffects | null | undefined): EngineDeps {
  return {
    effects: createEffects({ script: createScriptEffect(), http: createHttpEffect(), ...library }),
    catalog: nodeCatalog,
  }
}

/** The files a path names: itself, or those in a folder and below that `keep` accepts, in name order. */
export function collectFiles(p: string, keep: (file: string) => boolean): string[] {
  if (!fs.statSync(p).isDirectory()) return [path.resolve(p)]
  const out: string[] = []
  for (const entry of fs.readdirSync(p, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(p, entry.name)
    if (entry.isDirectory()) out.push(...collectFiles(full, keep))
    else if (keep(full)) out.push(path.resolve(full))
  }
  return out
}
