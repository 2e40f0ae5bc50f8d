// The expression language has one grammar, in shared/expr: the engine, the editor's lint, highlighting and
// completion, and validation all call it. A regular expression elsewhere that matches `{{` would be a second,
// drifting grammar. The one allowed kind is the numbered parameter of a WhatsApp message template ({{1}}), which is
// another syntax, not an expression.
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
const files = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name)
    if (e.isDirectory()) return rel === path.join('shared', 'expr') ? [] : files(rel)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : []
  })

/** `\{\{\s*(\d+)\s*\}\}`, `\{\{\s*\d+\s*\}\}` or `\{\{\s*1\s*\}\}`: a template parameter place. */
const TEMPLATE_PARAMETER = /^\\\{\\\{\\s\*(?:\(\\d\+\)|\\d\+|\d+)\\s\*\\\}\\\}/

describe('one grammar for {{…}}', () => {
  it('no regular expression outside shared/expr parses placeholders', () => {
    const found: string[] = []
    for (const f of [...files('renderer'), ...files('shared'), ...files('electron')]) {
      const text = readFileSync(path.join(root, f), 'utf8')
      // Regex literals and RegExp sources that contain an escaped double brace.
      for (const m of text.matchAll(/\\\{\\\{[^/'"`\n]*/g))
        if (!TEMPLATE_PARAMETER.test(m[0])) found.push(`${f}: ${m[0]}`)
    }
    expect(found).toEqual([])
  })
  it('the editor lints, highlights and completes through shared/expr', () => {
    const uses = (f: string, name: string) =>
      new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '\\.\\./\\.\\./shared/expr'`).test(
        readFileSync(path.join(root, f), 'utf8'),
      )
    expect(uses('renderer/expr-editor/lint.ts', 'checkTemplate')).toBe(true)
    expect(uses('renderer/expr-editor/completion.ts', 'completionContext')).toBe(true)
    expect(uses('renderer/expr-editor/completion.ts', 'FUNCTION_DOCS')).toBe(true)
    expect(uses('renderer/expr-editor/tabs.tsx', 'FUNCTION_DOCS')).toBe(true)
  })
})
