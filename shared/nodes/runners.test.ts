import { describe, expect, it } from 'vitest'
import { NODE_TYPES } from '../flow/node-types'
import { runners } from './runners'

// The contract: which node types can run. Changing either list is a deliberate act: add the runner, then move the
// type here. A type without a runner makes a run fail with 'no_runner' at that node, never skip it.
const RUNNABLE = [
  'trigger', 'message', 'interactive_message', 'question', 'condition', 'router', 'end', 'http_call', 'script', 'lead_management',
  'media_message', 'template_message', 'chat_flow', 'spm', 'mpm',
]
const PENDING_INTEGRATION_ISSUE: string[] = []

describe('node runner registry', () => {
  it('lists exactly the node types that have runners', () => {
    const withRunner = NODE_TYPES.filter((t) => runners[t] !== null)
    expect(withRunner.sort()).toEqual([...RUNNABLE].sort())
  })

  it('leaves only the integration node types without a runner', () => {
    const without = NODE_TYPES.filter((t) => runners[t] === null)
    expect(without.sort()).toEqual([...PENDING_INTEGRATION_ISSUE].sort())
  })

  it('gives waiting node types a resume and an accepts', () => {
    for (const t of ['question', 'interactive_message', 'chat_flow'] as const) {
      expect(typeof runners[t]?.resume).toBe('function')
      expect(typeof runners[t]?.accepts).toBe('function')
    }
  })
})
