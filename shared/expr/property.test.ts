// Property tests: no input makes the language throw, hang or overflow; rendering is a pure function of its input.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  checkTemplate,
  compileTemplate,
  completionContext,
  findVariableRefs,
  highlightTemplate,
  renameRoot,
  renderTemplate,
  splitTemplate,
} from './index'

// Strings rich in the characters the grammar cares about, so the generator reaches deep into the parser.
const piece = fc.constantFrom(
  '{{',
  '}}',
  '{',
  '}',
  '(',
  ')',
  ',',
  "'",
  '"',
  '\\',
  '.',
  ' ',
  '\n',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '=',
  '==',
  '===',
  '&&',
  '||',
  '<',
  '>=',
  'a',
  'b.c',
  'x.0',
  '1',
  '2.5',
  'e3',
  'sum',
  'if',
  'round',
  'true',
  'null',
  'constructor',
  '__proto__',
  '👋',
)
const grammarish = fc.array(piece, { maxLength: 60 }).map((xs) => xs.join(''))
const anyText = fc.oneof(grammarish, fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 100 }))
const value = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constantFrom('0', '18', ' 2.5 ', 'false', ''),
)
const vars = fc.record({ a: value, b: fc.record({ c: value }), x: fc.array(value, { maxLength: 3 }) })

const RUNS = { numRuns: 2000 }

describe('the parser and renderer never throw', () => {
  it('on any text: split, check, refs, render, evaluate', () => {
    fc.assert(
      fc.property(anyText, vars, (text, v) => {
        const split = splitTemplate(text)
        for (const d of [...split.diagnostics, ...checkTemplate(text)]) {
          expect(d.start).toBeGreaterThanOrEqual(0)
          expect(d.end).toBeLessThanOrEqual(text.length)
          expect(d.start).toBeLessThanOrEqual(d.end)
        }
        for (const r of findVariableRefs(text)) expect(text.slice(r.start, r.end)).toBe(r.path.join('.'))
        const t = compileTemplate(text)
        expect(typeof t.render(v).text).toBe('string')
        t.evaluate(v)
        let last = 0
        for (const h of highlightTemplate(text)) {
          expect(h.start).toBeGreaterThanOrEqual(last)
          expect(h.end).toBeGreaterThanOrEqual(h.start)
          last = h.end
        }
        expect(last).toBeLessThanOrEqual(text.length)
        for (let at = 0; at <= text.length; at += 7) completionContext(text, at)
      }),
      RUNS,
    )
  })
  // A hang guard, not a speed test (speed is bench/suites/expr.ts): a case takes well under 0.5 s, while a scan that
  // restarts per character would take minutes on these 80 000 characters. The guard is the test's own timeout, far
  // above the whole property on a loaded machine; no case is timed, so a slow machine cannot fail it.
  it('on deeply nested input, without hanging', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom('(', '!', '-', 'abs(', '{{', '{{ {{a}} + ', "'"),
        fc.integer({ min: 1, max: 20_000 }),
        (open, n) => {
          const text = `{{${open.repeat(n)}1${')'.repeat(n)}}}`
          checkTemplate(text)
          renderTemplate(text, {})
        },
      ),
      { numRuns: 40 },
    )
  })
})

describe('rendering is deterministic', () => {
  it('same text and session → same output, whether compiled once or again', () => {
    fc.assert(
      fc.property(grammarish, vars, (text, v) => {
        const once = compileTemplate(text)
        const a = once.render(v)
        const b = once.render(structuredClone(v))
        const c = compileTemplate(text).render(v)
        expect(b).toEqual(a)
        expect(c).toEqual(a)
      }),
      RUNS,
    )
  })
  it('text without placeholders renders as itself', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{{')),
        (s) => renderTemplate(s, {}).text === s,
      ),
      RUNS,
    )
  })
  it('renaming a root there and back restores the text', () => {
    fc.assert(
      fc.property(grammarish, (text) => {
        fc.pre(!/\bzz_tmp\b/.test(text))
        const there = renameRoot(text, 'a', 'zz_tmp')
        const back = renameRoot(there.text, 'zz_tmp', 'a')
        expect(back.text).toBe(text)
        expect(back.count).toBe(there.count)
      }),
      RUNS,
    )
  })
})
