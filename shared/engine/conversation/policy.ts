// The one effects policy for saved conversation tests, in every host that plays them (the emulator's Tests tab,
// `chatflow test`, the runtime's replay): Script nodes run for real in the host's sandbox; an HTTP Call answers from
// its mock, or reaches the network only when the test opted in with `live`; otherwise it never leaves the machine
// and the test fails naming the node and how to mock it. A node's questions to a model are answered from the test's
// recordings (recordings.ts), never a live model unless recording. A person chatting in the emulator is not under
// this policy.
import type { FlowNode } from '../../flow/document'
import type { EngineDeps, NodeMock } from '../deps'
import type { Effects } from '../effects'
import { NodeFailure } from '../runner'
import { effectsOfType } from '../../nodes/behaviour-of'
import { testModel, type ModelPolicy } from './recordings'

export interface TestPolicy {
  /** By node name (docs/testing.md, "mocks"). */
  mocks?: Record<string, NodeMock>
  /** HTTP Call nodes allowed to reach the network: `true` for every one, or their names. */
  live?: boolean | string[]
  /** Model answers: replayed from the test's recordings (always, unless recording): a test never asks a live model. */
  model?: ModelPolicy
}

/**
 * The policy a saved test asks for, for a host that plays it through its own loop (the runtime's replay of tests):
 * its mocks, its `live` opt-ins and its recorded model answers.
 */
export function policyOf(test: {
  mocks?: Record<string, NodeMock>
  live?: boolean | string[]
  recordings?: ModelPolicy['recordings']
}): TestPolicy {
  return { mocks: test.mocks, live: test.live, model: { recordings: test.recordings } }
}

/** An HTTP Call a test's run attempted: answered live, or refused because it had no mock. */
export interface NetworkCall {
  node: string
  method: string
  url: string
  live: boolean
}

export const UNMOCKED_HTTP = 'unmocked_http'

/** What a test report says about an HTTP Call that had no mock and no opt-in. */
export function unmockedAdvice(call: Pick<NetworkCall, 'node' | 'method' | 'url'>): string {
  return (
    `HTTP Call "${call.node}" has no mock, and a test never reaches the network (${call.method} ${call.url}). ` +
    `Mock it: mocks: { ${call.node}: { response: { status: 200, body: {...} } } }, ` +
    `or let the test call it for real: live: [${call.node}]`
  )
}

function offline(): never {
  throw new NodeFailure('offline', 'Not fetched: a test never reaches the network.')
}

/** The deps a saved test runs with: the host's own, its mocks, and HTTP Calls held to the policy. */
export function testDeps(deps: EngineDeps, policy: TestPolicy, record: (call: NetworkCall) => void): EngineDeps {
  const live = (node: FlowNode) =>
    policy.live === true || (Array.isArray(policy.live) && policy.live.includes(node.name))
  const nodeEffects = (node: FlowNode, host: Effects): Effects => {
    const effects = { ...host, model: testModel(node.name, host.model, policy.model ?? {}) }
    // Only a node whose requests are its purpose (NodeEffects.ownsHttp: an HTTP Call) is held to mocks and `live`.
    // Other nodes' requests (a Media Message's check of its link) are refused quietly: their runners carry on
    // without the answer, the same in every host, and the test never leaves the machine.
    if (!effectsOfType(node.type)?.ownsHttp) return { ...effects, http: { request: async () => offline() } }
    return {
      ...effects,
      http: {
        async request(req) {
          const call = { node: node.name, method: req.method, url: req.url }
          if (live(node)) {
            record({ ...call, live: true })
            return effects.http.request(req)
          }
          record({ ...call, live: false })
          throw new NodeFailure(UNMOCKED_HTTP, unmockedAdvice(call))
        },
      },
    }
  }
  return { ...deps, mocks: policy.mocks, nodeEffects }
}
