// Executes every example table of docs/expressions.md (| Template | Variables | Renders |), so the documented
// semantics and the implementation cannot drift apart. Reads the doc from disk: test-only use of node:fs.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderTemplate, type Vars } from './index'

const doc = readFileSync(fileURLToPath(new URL('../../docs/expressions.md', import.meta.url)), 'utf8')

function examples(): [string, Vars, string][] {
  const rows: [string, Vars, string][] = []
  let inTable = false
  for (const line of doc.split('\n')) {
    if (line.startsWith('| Template | Variables | Renders |')) {
      inTable = true
      continue
    }
    if (!line.startsWith('|')) {
      inTable = false
      continue
    }
    if (!inTable || line.startsWith('|---')) continue
    // Split on pipes not escaped as \| (markdown needs \|\| for the || operator inside a table).
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'))
    const [t, v, r] = cells.map((c) => c.replace(/^`|`$/g, '')) as [string, string, string]
    rows.push([t, JSON.parse(v) as Vars, r])
  }
  return rows
}

describe('docs/expressions.md examples', () => {
  const rows = examples()
  it('has examples for every section', () => {
    expect(rows.length).toBeGreaterThan(40)
  })
  it.each(rows)('%s with %j renders %s', (template, vars, expected) => {
    expect(renderTemplate(template, vars).text).toBe(expected)
  })
})
