import { describe, expect, it } from 'vitest'
import { NODE_MODULES } from './modules'

// Every node type runs: its module carries the runner (a module without one does not compile). A node type that
// waits for the customer must also take the answer (resume) and say which inbound events are answers (accepts).
describe('node runners', () => {
  it.each(NODE_MODULES.map((m) => [m.type, m] as const))('%s has a runner', (_t, m) => {
    expect(typeof m.runner.run).toBe('function')
  })

  it.each(NODE_MODULES.filter((m) => m.waits(m.defaults() as never)).map((m) => [m.type, m] as const))(
    '%s waits, so its runner resumes and accepts',
    (_t, m) => {
      expect(typeof m.runner.resume).toBe('function')
      expect(typeof m.runner.accepts).toBe('function')
    },
  )
})
