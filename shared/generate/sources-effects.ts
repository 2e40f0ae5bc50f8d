// Values only a mock can give: an HTTP Call's response (its body shaped from the node's sample response, so rules
// on {{http_call_1.result.…}} and "save as" variables can be met) and a Script's outputs. The mocks written into
// the tests come from here.
import { lookupPath, type Vars } from '../expr'
import type { NodeMock } from '../engine/deps'
import type { HttpCallConfig } from '../nodes/http_call/definition'
import type { ScriptConfig } from '../nodes/script/definition'
import type { Pool } from '../rules/search'
import { candidatesFor } from '../rules/synthesis'
import { setPath } from '../rules/vars'
import type { FlowIndex } from './flow-index'
import { outputPools } from './output-pools'
import type { Source } from './targets'

export interface EffectSource extends Source {
  /** The mock that gives the picked values (and, for the rest, the sample's or plain defaults). */
  mock(picks: Record<string, unknown>): NodeMock
  /** The mock of an ordinary success, and of a failure. */
  success(): NodeMock
  failure(): NodeMock
  /** An HTTP Call that gets no answer at all (a network error): no status, no body. */
  unanswered?(): NodeMock
}

/** A status pick that stands for no answer at all: the call fails before any status (a network error). */
const NO_ANSWER = null
const unanswered = (): NodeMock => ({
  error: 'no answer: the connection failed (a mock written by the test generator)',
})

export function httpSource(ix: FlowIndex, node: number): EffectSource {
  const c = ix.graph.config(node) as HttpCallConfig
  const name = ix.graph.nodes[node]!.name
  const sample = Object.prototype.hasOwnProperty.call(ix.doc.samples, name)
    ? (ix.doc.samples[name] as Record<string, unknown> | null)
    : null
  const saved = c.saveAs.filter((s) => s.variable.trim() && s.path.trim())
  /** The path inside the node's output ({status, ok, result, headers}) that a variable path reads. */
  const outPath = (p: string): string | null => {
    const [root, ...rest] = p.split('.')
    if (root === name) return rest.length && rest[0] !== 'error' ? rest.join('.') : null
    const s = saved.find((x) => x.variable.trim() === root)
    return s ? [s.path.trim(), ...rest].join('.') : null
  }
  const body = (): unknown =>
    structuredClone(sample && typeof sample === 'object' && 'result' in sample ? sample.result : {})
  const response = (status: number, result: unknown, headers: Record<string, string> = {}): NodeMock => ({
    response: { status, ...(Object.keys(headers).length ? { headers } : {}), body: result },
  })
  return {
    node,
    owns: (p) => outPath(p) !== null,
    pools(paths, groups) {
      const outs = [...new Set(paths.map(outPath).filter((o): o is string => o !== null))]
      return outs.map((out) => {
        // The sample's own value first, so a field no rule needs changed keeps it.
        const first = out === 'status' ? [200] : out === 'ok' ? [true] : [lookupPath(sample ?? {}, out.split('.'))]
        // Besides what the rules name, the common failures and none at all (a rule on an empty status, an else).
        const extra = out === 'status' ? [400, 404, 500, NO_ANSWER] : out === 'ok' ? [false] : []
        const values = [
          ...first,
          ...paths.filter((p) => outPath(p) === out).flatMap((p) => candidatesFor(p, groups)),
          ...extra,
        ].filter((x) => x !== undefined)
        return {
          path: `out:${out}`,
          values: [...new Set(values)],
          apply: (v: Vars, x: unknown) => {
            let r = setPath(v, `${name}.${out}`, x)
            for (const s of saved)
              if (out === s.path.trim() || out.startsWith(s.path.trim() + '.'))
                r = setPath(r, s.variable.trim(), lookupPath(r, [name, ...s.path.trim().split('.')]))
            return r
          },
        } satisfies Pool
      })
    },
    mock(picks) {
      if ('out:status' in picks && picks['out:status'] === NO_ANSWER) return unanswered()
      let result = body()
      const headers: Record<string, string> = {}
      let status = 200
      for (const [k, v] of Object.entries(picks)) {
        const out = k.slice(4)
        if (out === 'status') status = Number(v) || 200
        else if (out === 'ok') status = v === false || v === 'false' ? 500 : status
        else if (out === 'result') result = v
        else if (out.startsWith('result.')) result = setPath({ result: result ?? {} } as Vars, out, v).result
        else if (out.startsWith('headers.')) headers[out.slice(8)] = String(v)
      }
      return response(status, result, headers)
    },
    success: () => response(200, body()),
    failure: () => response(500, { error: 'Internal Server Error' }),
    unanswered,
  }
}

export function scriptSource(ix: FlowIndex, node: number): EffectSource {
  const c = ix.graph.config(node) as ScriptConfig
  const name = ix.graph.nodes[node]!.name
  const key = (p: string): string | null => {
    const [root, ...rest] = p.split('.')
    return root === name && rest.length && rest[0] !== 'error' ? rest.join('.') : null
  }
  const defaults = (): Vars => {
    const out: Vars = {}
    for (const o of c.outputs) if (o.name) out[o.name] = DEFAULT_OUTPUT[o.type]
    return out
  }
  return {
    node,
    owns: (p) => key(p) !== null,
    pools: (paths, groups) => outputPools(name, key, paths, groups),
    mock(picks) {
      let output = defaults()
      for (const [k, v] of Object.entries(picks)) output = setPath(output, k.slice(4), v)
      return { output, port: 'success' }
    },
    success: () => ({ output: defaults(), port: 'success' }),
    failure: () => ({ error: 'The script failed (a mock written by the test generator)' }),
  }
}

const DEFAULT_OUTPUT: Record<ScriptConfig['outputs'][number]['type'], unknown> = {
  string: 'test',
  number: 1,
  boolean: true,
  object: {},
  array: [],
  unknown: 'test',
}
