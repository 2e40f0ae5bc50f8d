// A publish that carries callees (docs/publish-api.md, "Callees"): the caller's document and the documents of the
// flows it calls, transitively. Every store (the studio's SQLite VersionStore, PostgreSQL's PgFlows) checks them
// here, reads what it holds of each flow, and writes what planPublish decides: a callee whose document and own pins
// equal its latest stored version reuses that version, any other becomes its next version (stored, not made the one
// the flow runs on its own); the caller becomes its next version, runs from now on, and pins each callee's version.
import type { FlowDocument } from '../../../shared/flow/document'
import { canonicalFlow } from '../../../shared/flow'
import { calleesFirst, calleesOf } from '../../../shared/analysis/call-deps'
import type { PublishedDependency, PublishedVersion } from '../../../shared/api/commands/publish'
import { ApiFailure } from '../failure'
import { checkPublishable } from './check'
import { validateFlow } from '../../../shared/analysis'
import { catalogueOf } from '../../../shared/flow/catalogue'
import type { Problem } from '../../../shared/nodes/types'

/** Callee id → the version of it a stored version calls. */
export type Pins = Record<string, number>

/** What a store holds of a flow: its latest stored version, with that version's pins. */
export interface StoredHead {
  version: number
  document: FlowDocument
  calls: Pins
}

export interface VersionWrite {
  doc: FlowDocument
  version: number
  calls: Pins
  /** The caller: it becomes the flow's running version. Callees are stored only. */
  activate: boolean
}

export interface PublishPlan {
  /** New versions to store, callees first, the caller last. */
  writes: VersionWrite[]
  root: VersionWrite
  dependencies: PublishedDependency[]
}

export interface CheckedPublish {
  root: FlowDocument
  /** The callees sent, each after every callee it calls. */
  dependencies: FlowDocument[]
}

/**
 * Checks a publish's documents: each as checkPublishable does (issues of a callee start with
 * ["dependencies", i]), no id twice, and no calls round in a circle. Throws ApiFailure.
 */
export function checkPublishBundle(document: unknown, dependencies: unknown = []): CheckedPublish {
  const root = checkPublishable(document)
  if (!Array.isArray(dependencies))
    throw new ApiFailure('bad_request', '"dependencies" must be a list of flow documents (the flows this one calls).')
  const deps = dependencies.map((d, i) => {
    try {
      return checkPublishable(d)
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err
      const id = d && typeof d === 'object' && 'id' in d ? String((d as { id: unknown }).id) : `#${i + 1}`
      throw new ApiFailure(
        err.code,
        `Flow ${id}, which this flow calls, cannot be published: ${err.message}`,
        err.issues?.map((x) => ({
          path: ['dependencies', i, ...x.path],
          message: x.message,
        })),
      )
    }
  })
  const seen = new Set([root.id])
  deps.forEach((d, i) => {
    if (seen.has(d.id))
      throw new ApiFailure('invalid_flow', `Flow ${d.id} is sent twice.`, [
        { path: ['dependencies', i, 'id'], message: `flow id ${d.id} is sent twice` },
      ])
    seen.add(d.id)
  })
  const ordered = calleesFirst([root, ...deps])
  if (!ordered.ok)
    throw new ApiFailure(
      'call_cycle',
      `These flows call each other in a circle (${ordered.cycle.join(' → ')}); a call must not lead back to its caller.`,
    )
  return { root, dependencies: ordered.order.filter((d) => d.id !== root.id) }
}

/** The flow ids a store must read (planPublish's `head` and `active`): every flow sent or called. */
export function flowsToRead(p: CheckedPublish): string[] {
  const ids = new Set<string>()
  for (const d of [p.root, ...p.dependencies]) {
    ids.add(d.id)
    for (const c of calleesOf(d)) ids.add(c)
  }
  return [...ids]
}

const same = (a: FlowDocument, b: FlowDocument) => JSON.stringify(canonicalFlow(a)) === JSON.stringify(canonicalFlow(b))
const samePins = (a: Pins, b: Pins) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v)

/**
 * Decides the versions a publish stores. A callee neither sent nor running on the store refuses the publish
 * (`callee_missing`); one not sent but running there is pinned at its running version.
 */
/** What both stores answer a publish with: the caller's new running version and the callees it was pinned to. */
export function publishedOf(plan: PublishPlan, at: number): PublishedVersion {
  const doc = plan.root.doc
  return {
    flowId: doc.id,
    version: plan.root.version,
    name: doc.name,
    publishedAt: at,
    active: true,
    ...(plan.dependencies.length ? { dependencies: plan.dependencies } : {}),
  }
}

/** What planPublish reads of a store: each flow's latest stored version, and the version (and document) it runs. */
export interface PublishReads {
  head(flowId: string): StoredHead | null
  active(flowId: string): number | null
  /** The document of the version the flow runs now, or null. */
  running(flowId: string): FlowDocument | null
}

export function planPublish(p: CheckedPublish, read: PublishReads): PublishPlan {
  const decided = new Map<string, number>()
  const writes: VersionWrite[] = []
  const dependencies: PublishedDependency[] = []
  const sent = new Set(p.dependencies.map((d) => d.id))
  const pinsOf = (doc: FlowDocument): Pins => {
    const pins: Pins = {}
    for (const callee of calleesOf(doc)) {
      let version = decided.get(callee)
      if (version === undefined && !sent.has(callee)) {
        const running = read.active(callee)
        if (running === null)
          throw new ApiFailure(
            'callee_missing',
            `Flow "${doc.name}" calls flow ${callee}, which this server does not have and the publish did not carry. ` +
              'Publish from a studio that has that flow (it sends the flows a flow calls), or publish that flow first.',
            [{ path: ['document', 'nodes'], message: `calls flow ${callee}, unknown to this server` }],
          )
        version = running
        decided.set(callee, version)
        dependencies.push({ flowId: callee, name: read.head(callee)?.document.name ?? callee, version, reused: true })
      }
      pins[callee] = version!
    }
    return pins
  }
  for (const doc of p.dependencies) {
    const calls = pinsOf(doc)
    const head = read.head(doc.id)
    const reused = head !== null && same(head.document, doc) && samePins(head.calls, calls)
    const version = reused ? head.version : (head?.version ?? 0) + 1
    decided.set(doc.id, version)
    if (!reused) writes.push({ doc, version, calls, activate: false })
    dependencies.push({ flowId: doc.id, name: doc.name, version, reused })
  }
  const root: VersionWrite = {
    doc: p.root,
    version: (read.head(p.root.id)?.version ?? 0) + 1,
    calls: pinsOf(p.root),
    activate: true,
  }
  writes.push(root)
  dependencies.sort((a, b) => (a.flowId < b.flowId ? -1 : a.flowId > b.flowId ? 1 : 0))
  checkCalls(p, dependencies, read)
  return { writes, root, dependencies }
}

/**
 * The calls of every flow sent, checked against the callees they will run (shared/analysis/validate-calls.ts): the
 * ones sent, and for a callee not sent the version the server runs, as pinned. Validated alone (checkPublishable), a
 * document's calls are not checked; the errors the callees add are the calls': a required input not mapped, an
 * input the callee does not take, an output it does not declare, a callee that is not callable.
 * Throws ApiFailure('invalid_call'), storing nothing.
 */
function checkCalls(p: CheckedPublish, dependencies: PublishedDependency[], read: PublishReads): void {
  const sent = [p.root, ...p.dependencies]
  const running = dependencies
    .filter((d) => d.reused && !sent.some((s) => s.id === d.flowId))
    .flatMap((d) => read.running(d.flowId) ?? [])
  const flows = catalogueOf([...sent, ...running])
  const key = (x: Problem) => `${x.code}\u0000${x.pointer ?? ''}\u0000${x.message}`
  sent.forEach((doc, i) => {
    // Only what the callees add: a store may be given a document checkPublishable did not see (its own tests).
    const alone = new Set(
      validateFlow(doc)
        .filter((x) => x.severity === 'error')
        .map(key),
    )
    const errors = validateFlow(doc, { flows }).filter((x) => x.severity === 'error' && !alone.has(key(x)))
    if (!errors.length) return
    // A callee's issues are under its flow id: the order it was sent in is not kept once callees come first.
    const at = i === 0 ? ['document'] : ['dependencies', doc.id]
    const which = i === 0 ? `Flow "${doc.name}"` : `Flow "${doc.name}", which this flow calls,`
    throw new ApiFailure(
      'invalid_call',
      `${which} cannot be published with the flows it calls: ${errors
        .slice(0, 3)
        .map((x) => x.message)
        .join(' ')}`,
      errors.map((x) => ({ path: [...at, ...(x.pointer ? x.pointer.split('/').slice(1) : [])], message: x.message })),
    )
  })
}
