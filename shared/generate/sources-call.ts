// A Call Flow node as a place where values come from: what the callee returns (`{{<call>.<output>}}`). The calls
// run for real first (through-calls.ts); a mock of the call stands in where the callee cannot give what a branch
// after the call needs: outputs aimed at a rule of the caller (a value the callee never returns, or one only a
// customer's long way through it would give), and the call's failure (a callee missing on a server, an input it
// refuses: every callee here may return on every path, yet a caller must still handle `failed`).
import type { NodeMock } from '../engine/deps'
import { callsOfType } from '../nodes/behaviour-of'
import { setPath } from '../rules/vars'
import type { Vars } from '../expr'
import type { FlowIndex } from './flow-index'
import { outputPools } from './output-pools'
import type { Source } from './targets'

export interface CallSource extends Source {
  /** The call mocked as returning the picked outputs (the others a plain value), leaving by its done port. */
  mock(picks: Record<string, unknown>): NodeMock
  /** The call mocked as failing: it leaves by its failed port. */
  failure(): NodeMock
  /** The port a mocked failure takes. */
  failedPort: string
}

/** The call node's source, when the callee is among the flows explored (its interface says what it returns). */
export function callSource(ix: FlowIndex, node: number): CallSource | null {
  const n = ix.graph.nodes[node]!
  const calls = callsOfType(n.type)
  const config = ix.graph.config(node)
  if (!calls || config === undefined) return null
  const flowId = calls.target(config).flowId
  const callee = ix.scope?.callees.find((f) => f.id === flowId)
  if (!callee?.interface) return null
  const outputs = callee.interface.outputs.map((o) => o.name)
  const name = n.name
  const key = (p: string): string | null => {
    const [root, output, ...rest] = p.split('.')
    return root === name && output !== undefined && outputs.includes(output) ? [output, ...rest].join('.') : null
  }
  return {
    node,
    failedPort: calls.failed,
    owns: (p) => key(p) !== null,
    pools: (paths, groups) => outputPools(name, key, paths, groups),
    mock(picks) {
      let out: Vars = Object.fromEntries(outputs.map((o) => [o, 'test']))
      for (const [k, v] of Object.entries(picks)) out = setPath(out, k.slice(4), v)
      return { outputs: out }
    },
    failure: () => ({ error: 'The called flow failed (a mock written by the test generator)' }),
  }
}
