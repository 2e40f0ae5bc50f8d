// The generated readers and shells (slots.ts) against the plain rules: a variable is an own property of the session
// whatever its prototype, whatever Object.prototype holds at the time, and however many keys and templates share the
// generated copies; a template rendered by its own shell (after PROMOTE renders) renders exactly as before it.
import { afterEach, describe, expect, it } from 'vitest'
import { compileTemplate, PROMOTE } from './template'
import { readerOf } from './slots'
import { READERS } from './readers.generated'
import { SHELLS } from './shells.generated'

/** Renders `text` past its promotion to a shell, with the same vars each time, and returns every distinct result. */
function renderedBeforeAndAfter(text: string, vars: Record<string, unknown>): string[] {
  const t = compileTemplate(text)
  const seen = new Set<string>()
  for (let i = 0; i < PROMOTE * 3; i++) seen.add(JSON.stringify(t.render(vars)))
  return [...seen]
}

const polluted = Object.prototype as Record<string, unknown>
afterEach(() => {
  delete polluted.e40_polluted
})

describe('variable readers', () => {
  it('read own properties of plain, null-prototype and JSON sessions', () => {
    const plain = { price: 250, missing: undefined }
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { price: 7 })
    expect(readerOf('price')(plain)).toBe(250)
    expect(readerOf('price')(bare)).toBe(7)
    expect(readerOf('price')(JSON.parse('{"price":1.5}'))).toBe(1.5)
    expect(readerOf('absent')(plain)).toBeUndefined()
    expect(readerOf('absent')(bare)).toBeUndefined()
    expect(readerOf('missing')(plain)).toBeUndefined()
  })

  it('never read what a prototype holds: Object.prototype names, class members, other prototypes', () => {
    class Session {
      own = 'mine'
      get price(): number {
        return 99
      }
      total(): number {
        return 1
      }
    }
    const s = new Session()
    const child = Object.create({ price: 5, qty: 2 }) as Record<string, unknown>
    child.qty = 3
    for (const k of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])
      expect(readerOf(k)({ a: 1 }), k).toBeUndefined()
    expect(readerOf('price')(s as never)).toBeUndefined()
    expect(readerOf('total')(s as never)).toBeUndefined()
    expect(readerOf('own')(s as never)).toBe('mine')
    expect(readerOf('price')(child)).toBeUndefined()
    expect(readerOf('qty')(child)).toBe(3)
    expect(readerOf('constructor')({ constructor: 'own value' })).toBe('own value')
  })

  it('never read a name added to Object.prototype after the reader has run many times', () => {
    const read = readerOf('e40_polluted')
    const vars = { other: 1 }
    let found = 0
    for (let i = 0; i < 50_000; i++) if (read(vars) !== undefined) found++
    expect(found).toBe(0)
    polluted.e40_polluted = 'from the prototype'
    expect(read(vars)).toBeUndefined()
    expect(read({ e40_polluted: 'own' })).toBe('own')
    expect(compileTemplate('[{{e40_polluted}}]').render(vars).text).toBe('[]')
  })

  it('read through a Proxy what its target owns', () => {
    const seen: string[] = []
    const view = new Proxy({ price: 250 } as Record<string, unknown>, {
      get: (t, k, r) => (seen.push(String(k)), Reflect.get(t, k, r)),
      getOwnPropertyDescriptor: (t, k) => (seen.push(String(k)), Reflect.getOwnPropertyDescriptor(t, k)),
    })
    expect(readerOf('price')(view)).toBe(250)
    expect(readerOf('constructor')(view)).toBeUndefined()
    expect(seen).toContain('price')
    expect(seen).toContain('constructor')
  })

  it('never give what a getter of a prototype returns or throws, and read own getters, own undefined and own __proto__', () => {
    class Session {
      get price(): number {
        return 99
      }
    }
    const s = new Session()
    for (let i = 0; i < 20_000; i++) expect(readerOf('price')(s as never)).toBeUndefined()
    class Throwing {
      get price(): number {
        throw new Error('a getter of the prototype')
      }
    }
    for (let i = 0; i < 20_000; i++) expect(readerOf('price')(new Throwing() as never)).toBeUndefined()
    expect(compileTemplate('[{{price}}]').render(new Throwing() as never)).toEqual({ text: '[]', errors: [] })
    const ownGetter = Object.defineProperty({}, 'price', { get: () => 7, enumerable: true }) as Record<string, unknown>
    expect(readerOf('price')(ownGetter)).toBe(7)
    expect(readerOf('constructor')({ constructor: undefined })).toBeUndefined()
    expect(readerOf('__proto__')(JSON.parse('{"__proto__": 5}'))).toBe(5)
    expect(readerOf('__proto__')({ a: 1 })).toBeUndefined()
  })

  it('ask a Proxy session only its get trap for a plain key, set or unset', () => {
    const traps: string[] = []
    const handler: ProxyHandler<Record<string, unknown>> = {}
    for (const t of ['get', 'has', 'getOwnPropertyDescriptor'] as const)
      handler[t] = (...args: unknown[]) => (
        traps.push(`${t} ${String(args[1])}`),
        Reflect.apply(Reflect[t], Reflect, args)
      )
    const view = new Proxy({ price: 250 } as Record<string, unknown>, handler)
    const read = readerOf('price')
    for (let i = 0; i < 20_000; i++) read(view)
    traps.length = 0
    expect(read(view)).toBe(250)
    expect(readerOf('absent')(view)).toBeUndefined()
    expect(traps).toEqual(['get price', 'get absent'])
  })

  it('keep one reader per key, and stay exact when more keys than readers share them', () => {
    expect(readerOf('price')).toBe(readerOf('price'))
    const keys = Array.from({ length: READERS.length * 2 + 3 }, (_, i) => `k${i}`)
    const vars = Object.fromEntries(keys.map((k, i) => [k, i]))
    keys.forEach((k, i) => expect(readerOf(k)(vars)).toBe(i))
    keys.forEach((k) => expect(readerOf(k)({})).toBeUndefined())
    const text = keys.map((k) => `{{${k}}}`).join(',')
    expect(compileTemplate(text).render(vars).text).toBe(keys.map((_, i) => i).join(','))
  })
})

describe('template shells', () => {
  it('render values, text, true/false and nothing the same before and after the template gets its shell', () => {
    const vars = { price: 250, tax: 45.5, age: 21, name: ' ravi ', list: [1, 'a'], obj: { a: { b: 2 } }, no: null }
    const cases: [string, string][] = [
      ['{{price}}', '250'],
      ['{{ {{price}} * 1.18 }}', '295'],
      ['{{sum({{price}}, {{tax}})}}', '295.5'],
      ['{{ {{age}} >= 18 }}', 'true'],
      ['{{ {{age}} > 30 && {{name}} == "x" }}', 'false'],
      ['{{trim({{name}})}}', 'ravi'],
      ['{{list}}', '[1,"a"]'],
      ['{{obj}}', '{"a":{"b":2}}'],
      ['{{no}}', ''],
      ['{{missing}}', ''],
      ['  {{price}}  ', '  250  '],
    ]
    for (const [text, expected] of cases)
      expect(renderedBeforeAndAfter(text, vars), text).toEqual([JSON.stringify({ text: expected, errors: [] })])
  })

  it('report a failure the same before and after, and recover when the session changes', () => {
    const t = compileTemplate('{{ {{price}} / {{qty}} }}')
    const failing = { price: 10, qty: 0 }
    const first = t.render(failing)
    expect(first.text).toBe('')
    expect(first.errors.map((e) => e.code)).toEqual(['division-by-zero'])
    for (let i = 0; i < PROMOTE * 2; i++)
      expect(t.render(i % 2 ? failing : { price: 10, qty: 4 })).toEqual(i % 2 ? first : { text: '2.5', errors: [] })
    // A fresh errors list each time: a caller adding to one does not change the next render's.
    t.render(failing).errors.push(first.errors[0]!)
    expect(t.render(failing).errors).toHaveLength(1)
    expect(t.render({ price: 1, qty: 1 }).errors).toEqual([])
  })

  it('stay exact when more templates than shells share them', () => {
    const templates = Array.from({ length: SHELLS.length * 2 + 1 }, (_, i) => compileTemplate(`{{ {{n}} + ${i} }}`))
    for (let round = 0; round < PROMOTE + 2; round++)
      templates.forEach((t, i) => expect(t.render({ n: round }).text).toBe(String(round + i)))
  })

  it('render text and placeholders the same before and after, a failing placeholder empty and reported', () => {
    const vars = { first: 'Asha', last: 'Verma', age: 21, qty: 0, obj: { a: 1 }, n: 2.5 }
    const cases: [string, string][] = [
      ['{{first}} {{last}}', 'Asha Verma'],
      ['Hi {{first}}, adult: {{ {{age}} >= 18 }} {{obj}} [{{missing}}] {{n}}', 'Hi Asha, adult: true {"a":1} [] 2.5'],
      ['\\{{first}} is {{first}}', '{{first}} is Asha'],
    ]
    for (const [text, expected] of cases)
      expect(renderedBeforeAndAfter(text, vars), text).toEqual([JSON.stringify({ text: expected, errors: [] })])
    const failing = renderedBeforeAndAfter('a{{ 1 / {{qty}} }}b{{first}}c{{ {{last}} * 2 }}d', vars)
    expect(failing).toHaveLength(1)
    const { text, errors } = JSON.parse(failing[0]!) as { text: string; errors: { code: string; start: number }[] }
    expect(text).toBe('abAshacd')
    expect(errors.map((e) => [e.code, e.start])).toEqual([
      ['division-by-zero', 8],
      ['not-a-number', 32],
    ])
  })

  it('keep reporting an error known before running on every render', () => {
    const t = compileTemplate('{{first}} {{nosuch(1)}}')
    for (let i = 0; i < PROMOTE * 2; i++) {
      const out = t.render({ first: 'Asha' })
      expect(out.text).toBe('Asha ')
      expect(out.errors.map((e) => e.code)).toEqual(['unknown-function'])
    }
  })
})
