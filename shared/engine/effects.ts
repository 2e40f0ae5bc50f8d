// Everything a run touches outside itself. The engine and the node runners receive these; they never import
// a clock, a network or a database, so the same engine runs in the studio, the CLI, tests and the server.
import { timeOrderedId } from './ids'
import type { Contact, Vars } from './types'

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
}

export interface IdSource {
  /** A new unique id with the given prefix ('run_', 'msg_'); the default one grows with time (ids.ts). */
  next(prefix: string): string
}

export interface HttpRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
}

export interface HttpResponse {
  status: number
  headers: Record<string, string>
  /** Parsed JSON when the response was JSON, else the text. */
  body: unknown
}

export interface HttpEffect {
  request(req: HttpRequest): Promise<HttpResponse>
}

export interface ScriptEffect {
  /**
   * `key` says whose script it is (the run's contact): a host that queues scripts lets keys take turns, so one
   * contact's backlog cannot hold up another's script (docs/security.md, Scripts).
   */
  run(code: string, inputs: Vars, opts: { timeoutMs: number; key?: string }): Promise<{ outputs: Vars; logs: string[] }>
}

export interface ContactsEffect {
  get(id: string): Promise<Contact | null>
  update(id: string, patch: Partial<Omit<Contact, 'id'>>): Promise<Contact>
}

export interface CatalogueEffect {
  product(catalogId: string, retailerId: string): Promise<Record<string, unknown> | null>
}

export interface TemplatesEffect {
  get(name: string, language: string): Promise<Record<string, unknown> | null>
}

export interface ModelRequest {
  purpose: 'intent' | 'extract'
  /** System + user messages as an OpenAI-compatible chat request would carry them. */
  messages: { role: 'system' | 'user'; content: string }[]
  /** The JSON Schema the answer must satisfy (intents as an enum, or the slots). */
  schema: Record<string, unknown>
  timeoutMs: number
}

export interface ModelAnswer {
  json: unknown
  provider: string
  model: string
}

/** A language model asked for a JSON answer (OpenAI-compatible chat endpoint, or a replayer in tests). */
export interface ModelEffect {
  complete(req: ModelRequest): Promise<ModelAnswer>
}

/**
 * Why a model call failed; a node that asks a model takes its `failed` port with this code. `recording_missing`
 * is raised by the replayer conversation tests use when no recorded answer matches the request.
 */
export type ModelErrorCode =
  'model_unavailable' | 'model_timeout' | 'model_error' | 'model_invalid' | 'recording_missing'

export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export interface Effects {
  clock: Clock
  ids: IdSource
  http: HttpEffect
  script: ScriptEffect
  contacts: ContactsEffect
  catalogue: CatalogueEffect
  templates: TemplatesEffect
  /** Absent unless the host configured a model provider (or a test replays recordings): never required. */
  model?: ModelEffect
}

/** Raised by an effect the host did not provide; a runner turns it into a node failure with this code. */
export class EffectUnavailableError extends Error {
  readonly code = 'effect_unavailable'
  constructor(effect: string) {
    super(`The ${effect} effect is not available in this host.`)
  }
}

function unavailable(effect: string): never {
  throw new EffectUnavailableError(effect)
}

/**
 * Effects for hosts that run only this nodes (CLI chat, tests, benchmark): a real clock and id source,
 * and integrations that refuse clearly instead of pretending. Pass overrides for anything the host can do.
 */
export function createEffects(overrides: Partial<Effects> = {}): Effects {
  return {
    clock: { now: () => Date.now() },
    ids: { next: (prefix) => timeOrderedId(prefix) },
    http: { request: async () => unavailable('http') },
    script: { run: async () => unavailable('script') },
    contacts: { get: async () => unavailable('contacts'), update: async () => unavailable('contacts') },
    catalogue: { product: async () => unavailable('catalogue') },
    templates: { get: async () => unavailable('templates') },
    ...overrides,
  }
}
