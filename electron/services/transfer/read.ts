// Reads an import file (a bundle or a single flow file) into checked parts, or every problem found, each naming the
// file, the JSON pointer and what is wrong. Nothing here touches the database: import validates all before writing.
import { loadFlow } from '../../../shared/nodes/load-flow'
import { parseJsonText, pointerOf, type FlowDocument } from '../../../shared/flow'
import { parseConversationTest } from '../../../shared/engine/conversation'
import { templateProblems, type MessageTemplate } from '../../../shared/nodes/template_message/run-template'
import type { CatalogProduct } from '../../../shared/nodes/spm/run-catalog'
import type { ImportProblem } from '../../../shared/api/commands/transfer'
import { checkJsonBounds, fileSizeProblem, JSON_MAX_DEPTH } from '../../../shared/json/bounds'
import { checkJsonTextDepth, JSON_MAX_VALUES, jsonTextHasMoreValues } from '../../../shared/json/text-depth'
import { BUNDLE_FORMAT, BundleSchema, type BundleTest } from './bundle'

export type { ImportProblem }

export interface ImportFlow {
  document: FlowDocument
  tests: BundleTest[]
  webhookSecret?: string
}

export interface ImportContent {
  kind: 'bundle' | 'flow'
  flows: ImportFlow[]
  /** Flows the bundle's flows call (its `dependencies`): resolved by id on import. */
  dependencies: FlowDocument[]
  templates: MessageTemplate[]
  catalog: CatalogProduct[]
}

export type ReadResult = { ok: true; content: ImportContent } | { ok: false; problems: ImportProblem[] }

export function readImportFile(file: string, text: string): ReadResult {
  const tooLarge = fileSizeProblem(Buffer.byteLength(text, 'utf8'))
  if (tooLarge) return fail(file, '', tooLarge)
  // From the text first: a file nested millions of levels, or holding millions of values, would hold the thread for
  // seconds while being parsed and checked.
  const deep = checkJsonTextDepth(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  if (deep) return fail(file, pointerOf(deep.path), boundsMessage())
  if (jsonTextHasMoreValues(text))
    return fail(
      file,
      '',
      `it holds more than ${JSON_MAX_VALUES.toLocaleString('en')} values (objects, arrays, numbers, texts); flows and bundles hold far fewer`,
    )
  const parsed = parseJsonText(text)
  if (!parsed.ok) return fail(file, '', `not JSON (${parsed.message})`)
  const value = parsed.value
  // The whole file at once, before any schema: templates, catalogue and tests as well as the flows.
  const bounds = checkJsonBounds(value)
  if (bounds)
    return fail(
      file,
      pointerOf(bounds.path),
      bounds.code === 'json_forbidden_key' ? "the key '__proto__' is not allowed" : boundsMessage(),
    )
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return fail(file, '', 'expected a JSON object (a bundle or a flow document)')
  const format = (value as { format?: unknown }).format
  if (typeof format === 'string' && format.startsWith('chatflow.bundle/')) {
    if (format !== BUNDLE_FORMAT)
      return fail(file, '/format', `bundle format "${format}" is not known to this studio (it reads ${BUNDLE_FORMAT})`)
    return readBundle(file, value)
  }
  const loaded = loadFlow(value)
  if (!loaded.ok) return fail(file, loaded.error.pointer ?? '', stripPrefix(loaded.error.message))
  return {
    ok: true,
    content: {
      kind: 'flow',
      flows: [{ document: loaded.document, tests: [] }],
      dependencies: [],
      templates: [],
      catalog: [],
    },
  }
}

function readBundle(file: string, value: unknown): ReadResult {
  const parsed = BundleSchema.safeParse(value)
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({
        file,
        path: pointerOf(i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))),
        message: i.message,
      })),
    }
  const problems: ImportProblem[] = []
  const flows: ImportFlow[] = []
  const ids = new Map<string, number | string>()
  parsed.data.flows.forEach((entry, i) => {
    const at = `/flows/${i}`
    const loaded = loadFlow(entry.document)
    if (!loaded.ok) {
      problems.push({
        file,
        path: `${at}/document${loaded.error.pointer ?? ''}`,
        message: stripPrefix(loaded.error.message),
      })
      return
    }
    const first = ids.get(loaded.document.id)
    if (first !== undefined)
      problems.push({
        file,
        path: `${at}/document/id`,
        message: `flow id "${loaded.document.id}" is also used by /flows/${String(first)}`,
      })
    ids.set(loaded.document.id, i)
    const names = new Set<string>()
    entry.tests.forEach((t, j) => {
      if (names.has(t.name))
        problems.push({ file, path: `${at}/tests/${j}/name`, message: `a second test named "${t.name}"` })
      names.add(t.name)
      const test = parseConversationTest(t.yaml)
      if (!test.ok) problems.push({ file, path: `${at}/tests/${j}/yaml`, message: test.message })
    })
    flows.push({
      document: loaded.document,
      tests: entry.tests,
      ...(entry.webhookSecret ? { webhookSecret: entry.webhookSecret } : {}),
    })
  })
  const dependencies: FlowDocument[] = []
  parsed.data.dependencies.forEach((value, i) => {
    const at = `/dependencies/${i}`
    const loaded = loadFlow(value)
    if (!loaded.ok) {
      problems.push({ file, path: `${at}${loaded.error.pointer ?? ''}`, message: stripPrefix(loaded.error.message) })
      return
    }
    const first = ids.get(loaded.document.id)
    if (first !== undefined)
      problems.push({
        file,
        path: `${at}/id`,
        message: `flow id "${loaded.document.id}" is also used by ${typeof first === 'number' ? `/flows/${first}` : first}`,
      })
    ids.set(loaded.document.id, at)
    dependencies.push(loaded.document)
  })
  parsed.data.templates.forEach((t, i) => {
    for (const p of templateProblems(t)) problems.push({ file, path: `/templates/${i}`, message: p })
  })
  if (problems.length) return { ok: false, problems }
  return {
    ok: true,
    content: {
      kind: 'bundle',
      flows,
      dependencies,
      templates: parsed.data.templates,
      catalog: parsed.data.catalog,
    },
  }
}

const boundsMessage = () =>
  `nested more than ${JSON_MAX_DEPTH} levels deep (objects and arrays inside each other); flatten it`

const stripPrefix = (message: string) => message.replace(/^Not a valid flow document: [^:]*: /, '')

function fail(file: string, path: string, message: string): ReadResult {
  return { ok: false, problems: [{ file, path, message }] }
}

export function formatProblem(p: ImportProblem): string {
  return `${p.file}: ${p.path || '(root)'}: ${p.message}`
}
