import { useEffect, useState } from 'react'
import type { ServerVersion } from '../../shared/api/commands/revisions'
import { api } from '../api'

export interface FlowHealth {
  /** Branch coverage per flow id, 0–100, from every run of the flow (emulator, tests, webhook). */
  coverage: Record<string, number>
  /** Saved conversation tests per flow id, with how many failed at their last run. */
  tests: Record<string, { total: number; failed: number }>
  /** Per flow id: what each production server runs, as this studio last published or rolled it back. */
  published: Record<string, ServerVersion[]>
  /** Why coverage or test results could not be read: the list then shows none rather than stale or made-up ones. */
  error: string | null
}

const EMPTY: FlowHealth = { coverage: {}, tests: {}, published: {}, error: null }

/** Coverage and test results for the flows list; refreshed when runs, tests or flows change elsewhere. */
export function useFlowHealth(): FlowHealth {
  const [health, setHealth] = useState<FlowHealth>(EMPTY)
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | null = null
    const load = async () => {
      timer = null
      const [coverage, tests, published] = await Promise.all([
        api.call('emulator.coverageAll', {}),
        api.call('emulator.testStatus', {}),
        api.call('revisions.published', {}),
      ])
      const failed = !coverage.ok ? coverage.error : !tests.ok ? tests.error : null
      const error =
        (failed && `Coverage and test results could not be read: ${failed.message}`) ||
        (!published.ok ? `The versions production servers run could not be read: ${published.error.message}` : null)
      const byFlow: Record<string, ServerVersion[]> = {}
      for (const v of published.ok ? published.value : []) (byFlow[v.flowId] ??= []).push(v)
      if (live)
        setHealth({
          coverage: coverage.ok ? coverage.value : {},
          tests: tests.ok ? tests.value : {},
          published: byFlow,
          error,
        })
    }
    // A burst of runs (a webhook load, a test suite) refreshes the list once, not once per run.
    const soon = () => {
      if (!timer) timer = setTimeout(() => void load(), 400)
    }
    void load()
    const offs = [api.on('emulator.updated', soon), api.on('flows.changed', soon), api.on('logs.changed', soon)]
    return () => {
      live = false
      if (timer) clearTimeout(timer)
      for (const off of offs) off()
    }
  }, [])
  return health
}

/** "Prod v3 · holiday hours", and whether the draft has moved on since. */
export function publishedLabel(v: ServerVersion): { text: string; title: string } {
  const name = v.label && v.label !== `${v.serverName} v${v.version}` ? ` · ${v.label}` : ''
  const ahead = v.draftRevision !== v.revision
  return {
    text: `${v.serverName} v${v.version}${name}${ahead ? ' · draft newer' : ''}`,
    title:
      `${v.serverName} runs version ${v.version}, published from revision ${v.revision}` +
      (v.label ? ` (“${v.label}”)` : '') +
      (ahead ? `; the draft is revision ${v.draftRevision}` : '; the draft is that revision'),
  }
}

export function testsLabel(t: { total: number; failed: number }): string {
  const noun = t.total === 1 ? 'test' : 'tests'
  return t.failed ? `${t.failed} of ${t.total} ${noun} failing` : `${t.total} ${noun} passing`
}
