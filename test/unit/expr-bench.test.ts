// The expr bench suite finds its corpus beside the repository and says clearly what is wrong when it cannot use it
// (a fresh clone without ../shared must get one line, not a stack trace).
import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkCorpus, corpusPath, loadCorpus } from '../../bench/suites/expr'

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
  it.skipIf(!existsSync(corpusPath()))('the shared corpus renders as expected, compiled and by its floors', () => {
    const corpus = loadCorpus(corpusPath())
    expect('error' in corpus).toBe(false)
    expect(checkCorpus(corpus as Exclude<typeof corpus, { error: string }>)).toBeUndefined()
  })
})
