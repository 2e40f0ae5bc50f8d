// Safety of the language itself: no code generation anywhere in shared/expr, and prototype members unreachable both
// as variables and as functions. Reads the sources from disk: test-only use of node:fs.
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { checkTemplate, renderTemplate } from './index'

const dir = path.dirname(fileURLToPath(import.meta.url))
const sources = (d: string): string[] =>
  readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(d, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [path.join(d, e.name)]
        : [],
  )

describe('no eval or Function', () => {
  it('no source of shared/expr generates code', () => {
    const files = sources(dir)
    expect(files.length).toBeGreaterThan(15)
    const offending = files.filter((f) =>
      /\beval\s*\(|\bnew\s+Function\b|\bFunction\s*\(|\bsetTimeout\s*\(\s*['"`]/.test(readFileSync(f, 'utf8')),
    )
    expect(offending).toEqual([])
  })
})

describe('prototype members are never reachable', () => {
  const vars = { name: 'Asha', list: [1, 2], obj: { a: 1 } }
  it.each([
    '{{constructor}}',
    '{{__proto__}}',
    '{{__proto__.polluted}}',
    '{{name.constructor}}',
    '{{name.length}}',
    '{{list.length}}',
    '{{list.constructor.name}}',
    '{{obj.hasOwnProperty}}',
    '{{obj.toString}}',
    '{{valueOf}}',
    '{{ {{constructor.constructor}} }}',
  ])('%s reads as unset', (template) => {
    expect(renderTemplate(`[${template}]`, vars)).toEqual({ text: '[]', errors: [] })
  })
  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])(
    '%s(…) is an unknown function',
    (name) => {
      expect(checkTemplate(`{{ ${name}(1) }}`).map((d) => d.code)).toEqual(['unknown-function'])
      expect(renderTemplate(`[{{ ${name}(1) }}]`, vars).text).toBe('[]')
    },
  )
})
