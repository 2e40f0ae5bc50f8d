// The expr bench suite finds its corpus beside the repository and says clearly what is wrong when it cannot use it
// (a fresh clone without ../shared must get one line, not a stack trace).
import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  checkCorpus,
  corpusFile,
  corpusPath,
  geomean,
  goals,
  loadCorpus,
  type TemplateRates,
} from '../../bench/suites/expr'
import { checkPeers, peerRenderer } from '../../bench/expr-peers'

const tmp = () => mkdtempSync(path.join(tmpdir(), 'expr-bench-'))

describe('expr bench corpus', () => {
  it('is looked for at ../shared/bench/expr-corpus.json from the repository root', () => {
    expect(corpusPath('/tmp/x')).toBe('/tmp/shared/bench/expr-corpus.json')
  })
  it('explains a missing corpus and how to provide it', () => {
    const file = path.join(tmp(), 'clone', '..', 'shared', 'bench', 'expr-corpus.json')
    const r = loadCorpus(file)
    expect(r).toEqual({ error: expect.stringContaining(`${file} does not exist`) })
    expect((r as { error: string }).error).toMatch(/put the shared folder there/)
  })
  it('explains a corpus that is not JSON or not the expected shape', () => {
    const dir = tmp()
    writeFileSync(path.join(dir, 'bad.json'), '{ "vars": ')
    writeFileSync(path.join(dir, 'shape.json'), '{ "vars": {}, "templates": [{ "id": 1 }] }')
    expect(loadCorpus(path.join(dir, 'bad.json'))).toEqual({ error: expect.stringMatching(/is not valid JSON: /) })
    expect(loadCorpus(path.join(dir, 'shape.json'))).toEqual({
      error: expect.stringMatching(/"templates": \[\{ id, template, expected \}\]/),
    })
  })
  it('names a template without a floor, or whose output differs', () => {
    expect(checkCorpus({ vars: {}, templates: [{ id: 'nope', template: 'x', expected: 'x' }] })).toMatch(
      /no hand-written floor for corpus template 'nope'/,
    )
    expect(
      checkCorpus({
        vars: { customer_name: 'A' },
        templates: [{ id: 't02_one_var', template: 'Hi {{customer_name}}', expected: 'Hi B' }],
      }),
    ).toBe('t02_one_var rendered "Hi A", expected "Hi B"')
    expect(
      checkCorpus({
        vars: { customer_name: 'A' },
        templates: [{ id: 't02_one_var', template: 'Hi {{customer_name}}', expected: 'Hi A' }],
      }),
    ).toBeUndefined()
  })
  // The shared corpus lives outside the repository; where it is present, every template and floor must agree.
  it('reads CHATFLOW_EXPR_CORPUS when it is set', () => {
    expect(corpusFile({ CHATFLOW_EXPR_CORPUS: '/x/c.json' })).toBe('/x/c.json')
    expect(corpusFile({})).toBe(corpusPath())
  })
  it.skipIf(!existsSync(corpusFile()))(
    'the shared corpus renders as expected, compiled, by its floors and peers',
    () => {
      const corpus = loadCorpus(corpusFile())
      expect('error' in corpus).toBe(false)
      const c = corpus as Exclude<typeof corpus, { error: string }>
      expect(checkCorpus(c)).toBeUndefined()
      expect(checkPeers(c.vars, c.templates)).toBeUndefined()
    },
  )
})

describe('expr bench peers', () => {
  const vars = { price: 250, tax: 45.5, first: 'Asha', last: 'Verma', customer_name: 'Asha' }
  it('run each template in their own syntax, compiled once and parsed each time', () => {
    for (const each of [false, true]) {
      expect(peerRenderer('tournament', 't05_sum', vars, each)!()).toBe('295.5')
      expect(peerRenderer('expr-eval', 't05_sum', vars, each)!()).toBe('295.5')
      expect(peerRenderer('expr-eval', 't12_concat', vars, each)!()).toBe('Asha Verma')
      expect(peerRenderer('tournament', 't02_one_var', vars, each)!()).toBe('Hi Asha')
    }
    // expr-eval has no text around placeholders: it does not express t02
    expect(peerRenderer('expr-eval', 't02_one_var', vars, false)).toBeUndefined()
  })
  it('name the peer and template whose output differs from the corpus', () => {
    expect(checkPeers(vars, [{ id: 't05_sum', expected: '295.50' }])).toBe(
      'tournament rendered t05_sum as "295.5", expected "295.50"',
    )
    expect(checkPeers(vars, [{ id: 't12_concat', expected: 'Asha Verma' }])).toBeUndefined()
  })
})

describe('expr bench goals', () => {
  const row = (id: string, compiled: number, parsed: number, t?: [number, number], e?: [number, number]) =>
    ({
      id,
      compiled,
      parsed,
      floor: 1,
      peers: {
        ...(t ? { tournament: { compiled: t[0], parsed: t[1] } } : {}),
        ...(e ? { 'expr-eval': { compiled: e[0], parsed: e[1] } } : {}),
      },
    }) as TemplateRates
  it('geometric mean', () => {
    expect(geomean([2, 8])).toBeCloseTo(4)
  })
  it('compare the geometric mean over the templates every peer expresses, and every template against tournament', () => {
    const rows = [
      row('a', 10, 5, [5, 1], [1, 4]),
      row('b', 10, 5, [20, 1], [1, 4]),
      row('c', 3, 5, [10, 1]), // not every peer: out of the means, in the 0.5× check
    ]
    const g = goals(rows)
    expect(g.map((x) => x.met)).toEqual([true, false, true, true])
    expect(g[0]!.line).toBe('compiled once, geometric mean ≥ 1.0× tournament: 1.00×')
    expect(g[1]!.line).toBe('compiled once, every template ≥ 0.5× tournament: lowest 0.30× (c)')
    expect(g[3]!.line).toBe('parsed each time, geometric mean ahead of expr-eval: 1.25×')
  })
})
