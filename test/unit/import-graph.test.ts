import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The layers of shared/ (docs/architecture.md) hold only if no group of files imports itself round: a cycle through
// the flow model and the node catalogue is what made the model impossible to read without every node type and the
// engine. This builds the import graph of shared/ from the sources with TypeScript's own pre-processor (which counts
// `import type`, `export … from` and `import()` alike) and asserts that no strongly connected component has more
// than two files; a pair of files that know each other is tolerated, a ring through folders is not.

const root = path.resolve(import.meta.dirname, '../..')
const MAX_CYCLE = 2

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(p)
    return /\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : []
  })
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = path.resolve(path.dirname(from), spec)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null
}

/** Every file of `dir` with the files of `dir` it imports (tests included: they may not close a ring either). */
export function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    const targets = info.importedFiles
      .map((f) => resolveImport(file, f.fileName))
      .filter((t): t is string => t !== null && t.startsWith(dir + path.sep))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Tarjan's strongly connected components, largest first. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const out: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) out.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return out.sort((a, b) => b.length - a.length)
}

describe('the import graph of shared/', () => {
  it('finds a ring it is given', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ])
    expect(cycles(g)).toEqual([['a', 'b', 'c']])
  })

  it(`has no import cycle of more than ${MAX_CYCLE} files`, () => {
    const graph = importGraph(path.join(root, 'shared'))
    expect(graph.size).toBeGreaterThan(100)
    const rings = cycles(graph)
      .filter((c) => c.length > MAX_CYCLE)
      .map((c) => `${c.length} files: ${c.map((f) => path.relative(root, f)).join(', ')}`)
    expect(rings).toEqual([])
  })
})
