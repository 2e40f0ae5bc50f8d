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

async function restricted(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: file })
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports')
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
      expect(await restricted('shared/flow/example.ts', `${line}\nexport {}\n`)).toBe(true)
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
      expect(await restricted('renderer/flows/example.ts', `${line}\nexport {}\n`)).toBe(true)
    },
    60_000,
  )

  it('allows local folders whose names match Node built-ins, and the contract', async () => {
    expect(await restricted('shared/api/example.ts', "import { flowsEvents } from './events/flows'\nexport {}\n")).toBe(
      false,
    )
    expect(await restricted('renderer/example.ts', "import { commands } from '../shared/api'\nexport {}\n")).toBe(false)
  }, 60_000)
})
