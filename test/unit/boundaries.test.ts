import path from 'node:path'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

// The import boundaries of docs/architecture.md, checked through the project's own lint config.
// eslint 9.9 ships no type declarations; this is the part of its API the test uses.
interface LintMessage {
  ruleId: string | null
}
interface Linter {
  lintText(code: string, options: { filePath: string }): Promise<{ messages: LintMessage[] }[]>
}
const { ESLint } = createRequire(import.meta.url)('eslint') as { ESLint: new (options: { cwd: string }) => Linter }
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') })

// Each snippet is linted as the text of a real file of that folder: the typed rules need a file the TypeScript
// project knows, and a parse error (ruleId null) would otherwise read as "not restricted".
async function restricted(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: file })
  const messages = result?.messages ?? []
  const fatal = messages.find((m) => m.ruleId === null)
  if (fatal) throw new Error(`${file} could not be linted: ${JSON.stringify(fatal)}`)
  return messages.some((m) => m.ruleId === 'no-restricted-imports')
}

describe('import boundaries', () => {
  it.each([
    ["import fs from 'node:fs'"],
    ["import fs from 'fs'"],
    ["import { app } from 'electron'"],
    ["import { useState } from 'react'"],
    ["import { createBackend } from '../../electron/studio/backend'"],
    ["import { api } from '../../renderer/api'"],
  ])(
    'shared/ refuses %s',
    async (line) => {
      expect(await restricted('shared/flow/names.ts', `${line}\nexport {}\n`)).toBe(true)
    },
    60_000,
  )

  it.each([
    ["import { app } from 'electron'"],
    ["import { createBackend } from '../electron/studio/backend'"],
    ["import fs from 'node:fs'"],
  ])(
    'renderer/ refuses %s',
    async (line) => {
      expect(await restricted('renderer/flows/time.ts', `${line}\nexport {}\n`)).toBe(true)
    },
    60_000,
  )

  // The flow model stands alone: no node catalogue, analysis, engine or generator, not even a type.
  it.each([
    ["import { NODE_DEFINITIONS } from '../nodes/registry'"],
    ["import type { Problem } from '../nodes/types'"],
    ["import { NODE_TYPES } from '../nodes/node-types'"],
    ["import { conditionRunner } from '../../nodes/condition/run'"],
    ["import { validateFlow } from '../analysis/validate'"],
    ["import type { NodeRunner } from '../engine/runner'"],
    ["import { generateTests } from '../generate'"],
  ])(
    'shared/flow refuses %s',
    async (line) => {
      expect(await restricted('shared/flow/document.ts', `${line}\nexport {}\n`)).toBe(true)
      expect(await restricted('shared/flow/names.test.ts', `${line}\nexport {}\n`)).toBe(true)
    },
    60_000,
  )

  // Translation files read node texts only through analysis' textUnits, and nothing that runs flows.
  it.each([
    ["import { NODE_DEFINITIONS } from '../nodes/registry'"],
    ["import { startRun } from '../engine'"],
    ["import { commands } from '../api'"],
  ])(
    'shared/translate refuses %s',
    async (line) => {
      expect(await restricted('shared/translate/csv.ts', `${line}\nexport {}\n`)).toBe(true)
    },
    60_000,
  )

  it('lets shared/translate import the model, the splitter and analysis', async () => {
    for (const line of [
      "import { setTranslation } from '../flow/translations'",
      "import { splitTemplate } from '../expr/split'",
      "import { textUnits } from '../analysis/translations'",
    ])
      expect(await restricted('shared/translate/csv.ts', `${line}\nexport {}\n`)).toBe(false)
  }, 60_000)

  it('lets the flow model import itself, and the layers above it import the model', async () => {
    expect(
      await restricted('shared/flow/document.ts', "import { FlowSettingsSchema } from './settings'\nexport {}\n"),
    ).toBe(false)
    expect(
      await restricted('shared/flow/document.ts', "import { identifier } from '../text/identifier'\nexport {}\n"),
    ).toBe(false)
    expect(
      await restricted('shared/nodes/registry.ts', "import type { FlowNode } from '../flow/document'\nexport {}\n"),
    ).toBe(false)
    expect(
      await restricted(
        'shared/analysis/validate.ts',
        "import { NODE_DEFINITIONS } from '../nodes/registry'\nexport {}\n",
      ),
    ).toBe(false)
  }, 60_000)

  it('allows local folders whose names match Node built-ins, and the contract', async () => {
    expect(await restricted('shared/api/index.ts', "import { flowsEvents } from './events/flows'\nexport {}\n")).toBe(
      false,
    )
    expect(await restricted('renderer/api.ts', "import { commands } from '../shared/api'\nexport {}\n")).toBe(false)
  }, 60_000)
})

// electron/ by role: services/ knows no host; the studio and the runtime sit on services/ and never on each other;
// the CLI and the hosts compose them; electron/integration/ (tests of two roles together) is imported by nobody.
// Each case is linted as a product file and as a test of that folder: the rule holds for tests too.
describe('electron/ layers', () => {
  const services = ['electron/services/db/open.ts', 'electron/services/runs/run-service.test.ts']
  it.each([
    ["import { createBackend } from '../../studio/backend'"],
    ["import type { HandlerContext } from '../../studio/handlers/types'"],
    ["import { createTempBackend } from '../../studio/testing/backend'"],
    ["import type { RuntimeStore } from '../../runtime/store'"],
    ["import { startServe } from '../../runtime/testing/serve-child'"],
    ["import { storeFlow } from '../../cli/commands/import'"],
    ["import { registerIpc } from '../../main/ipc'"],
    ["import { startWebHost } from '../../web/server'"],
    ["import { app } from 'electron'"],
  ])(
    'electron/services refuses %s',
    async (line) => {
      for (const file of services) expect(await restricted(file, `${line}\nexport {}\n`)).toBe(true)
    },
    120_000,
  )

  it.each([
    ["import type { RuntimeStore } from '../../runtime/store'"],
    ["import { serverBuildDir } from '../../runtime/testing/server-build'"],
    ["import { runFiles } from '../../cli/commands/test'"],
    ["import { startWebHost } from '../../web/server'"],
    ["import { x } from '../../integration/serve-publish.test'"],
  ])(
    'electron/studio refuses %s',
    async (line) => {
      for (const file of ['electron/studio/handlers/flows.ts', 'electron/studio/handlers/flows.test.ts'])
        expect(await restricted(file, `${line}\nexport {}\n`)).toBe(true)
    },
    120_000,
  )

  it.each([
    ["import { createBackend } from '../studio/backend'"],
    ["import { createTempBackend } from '../studio/testing/backend'"],
    ["import type { HandlerContext } from '../studio/handlers/types'"],
    ["import { storeFlow } from '../cli/commands/import'"],
    ["import { app } from 'electron'"],
  ])(
    'electron/runtime refuses %s',
    async (line) => {
      for (const file of ['electron/runtime/runtime.ts', 'electron/runtime/runtime.test.ts'])
        expect(await restricted(file, `${line}\nexport {}\n`)).toBe(true)
    },
    120_000,
  )

  it('lets the studio and the runtime use services, and the CLI, the hosts and integration compose them', async () => {
    const allowed: [string, string][] = [
      ['electron/studio/handlers/flows.ts', "import { openDatabase } from '../../services/db/open'"],
      ['electron/runtime/runtime.ts', "import { RunStore } from '../services/runs/run-store'"],
      ['electron/services/runs/run-service.test.ts', "import { openDatabase } from '../db/open'"],
      ['electron/cli/commands/serve.ts', "import { createBackend } from '../../studio/backend'"],
      ['electron/cli/commands/serve.ts', "import type { RuntimeStore } from '../../runtime/store'"],
      ['electron/web/server.ts', "import { createBackend } from '../studio/backend'"],
      ['electron/main/ipc.ts', "import { createBackend } from '../studio/backend'"],
      ['electron/integration/serve-publish.test.ts', "import { createBackend } from '../studio/backend'"],
      ['electron/integration/serve-publish.test.ts', "import type { RuntimeStore } from '../runtime/store'"],
    ]
    for (const [file, line] of allowed) expect(await restricted(file, `${line}\nexport {}\n`), file).toBe(false)
  }, 120_000)

  it('refuses a host or the CLI reaching into electron/integration, or one host into another', async () => {
    expect(
      await restricted(
        'electron/cli/commands/serve.ts',
        "import { x } from '../../integration/serve-publish.test'\nexport {}\n",
      ),
    ).toBe(true)
    expect(await restricted('electron/web/server.ts', "import { registerIpc } from '../main/ipc'\nexport {}\n")).toBe(
      true,
    )
    expect(await restricted('electron/main/ipc.ts', "import { startWebHost } from '../web/server'\nexport {}\n")).toBe(
      true,
    )
  }, 120_000)
})

describe('typed rules', () => {
  async function rules(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: file })
    return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse error')
  }
  // The file must be one the TypeScript project knows (type information comes from it); its text is replaced here.
  const file = 'electron/services/webhook/json-body.ts'

  it('refuse a promise nobody awaits or handles', async () => {
    const floating = 'export async function f(): Promise<void> {}\nexport function g(): void {\n  f()\n}\n'
    expect(await rules(file, floating)).toContain('@typescript-eslint/no-floating-promises')
    expect(await rules(file, floating.replace('  f()', '  void f()'))).toEqual([])
  }, 120_000)

  it('refuse a promise where a callback must return nothing', async () => {
    const misused =
      'export async function f(): Promise<void> {}\nexport const g = (cb: () => void): void => cb()\ng(async () => f())\n'
    expect(await rules(file, misused)).toContain('@typescript-eslint/no-misused-promises')
  }, 120_000)
})
