import path from 'node:path'
import { z } from 'zod'
import {
  commands,
  fail,
  isCommandName,
  ok,
  type ApiIssue,
  type CommandName,
  type EventName,
  type EventPayload,
  type RequestOf,
  type Result,
  type ResultOf,
  type StudioNotice,
} from '../../shared/api'
import { checkJsonBounds } from '../../shared/json/bounds'
import { ensureDataDir } from '../services/db/errors'
import { openDatabase } from '../services/db/open'
import { makePrivateDir } from '../services/db/private-files'
import type { WalRecovery } from '../services/db/wal-recovery'
import { ApiFailure } from '../services/failure'
import { handlers } from './handlers'
import type { Handler, HandlerContext, ServiceFactory } from './handlers/types'
import { startupServices } from './services'
import { flowStore } from '../services/store/flows'

export interface BackendOptions {
  /** Folder holding studio.sqlite (created when missing). */
  dataDir: string
  now?: () => number
  /** Where the back end reports its own bugs; defaults to stderr. */
  log?: (message: string) => void
  /** better-sqlite3 binary to load instead of node_modules' own (see openDatabase). */
  sqliteBinding?: string
}

export type AnyEventListener = (event: EventName, payload: unknown) => void

export interface Backend {
  readonly dataDir: string
  readonly dbFile: string
  call<C extends CommandName>(command: C, payload: RequestOf<C>): Promise<Result<ResultOf<C>>>
  /** The form hosts use: anything may arrive from a socket or IPC; the answer is always a Result. */
  call(command: string, payload: unknown): Promise<Result<unknown>>
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
  /** Every event, for hosts that forward them to their clients. */
  onAny(listener: AnyEventListener): () => void
  close(): Promise<void>
}

export const DB_FILE_NAME = 'studio.sqlite'

/**
 * The Electron-free back end: one database, one handler per Command, events out. Throws DatabaseOpenError when
 * the database cannot be used (locked by another studio, newer, corrupt); hosts print its message and stop.
 */
export function createBackend(options: BackendOptions): Backend {
  const dataDir = path.resolve(options.dataDir)
  const log = options.log ?? ((message: string) => process.stderr.write(`[studio] ${message}\n`))
  const notices: StudioNotice[] = []
  const onPermissions = (message: string) => {
    notices.push({ code: 'permissions_tightened', message })
    log(message)
  }
  ensureDataDir(dataDir, (dir) => makePrivateDir(dir, onPermissions))
  const dbFile = path.join(dataDir, DB_FILE_NAME)
  const onWalRecovered = (r: WalRecovery) => {
    notices.push({ code: 'wal_recovered', message: r.message })
    log(r.message)
  }
  const db = openDatabase(dbFile, {
    onWalRecovered,
    onPermissions,
    ...(options.sqliteBinding ? { nativeBinding: options.sqliteBinding } : {}),
  })
  const listeners = new Set<AnyEventListener>()
  const services = new Map<ServiceFactory<unknown>, unknown>()
  let closed = false

  const ctx: HandlerContext = {
    db,
    dataDir,
    now: options.now ?? Date.now,
    log,
    notices,
    emit(event, payload) {
      for (const listener of [...listeners]) {
        try {
          listener(event, payload)
        } catch (err) {
          log(`event listener for ${event} failed: ${describe(err)}`)
        }
      }
    },
    service<T>(factory: ServiceFactory<T>): T {
      if (!services.has(factory)) services.set(factory, factory(ctx))
      return services.get(factory) as T
    },
  }

  ctx.service(flowStore).purgeDeleted()
  for (const factory of startupServices) ctx.service(factory)

  async function call(command: string, payload: unknown): Promise<Result<unknown>> {
    if (closed) return fail('unavailable', 'The studio back end has closed.')
    if (!isCommandName(command)) {
      return fail('unknown_command', `There is no command named ${JSON.stringify(String(command).slice(0, 100))}.`)
    }
    // Before the schema: zod, JSON.stringify and SQLite's JSON functions all recurse or stop at a depth.
    const bounds = checkJsonBounds(payload)
    if (bounds)
      return fail('bad_request', `Invalid request for ${command}: ${bounds.message}`, [
        { path: bounds.path, message: bounds.message },
      ])
    const parsed = commands[command].req.safeParse(payload)
    if (!parsed.success) return badRequest(command, parsed.error)
    try {
      const handler = handlers[command] as Handler<CommandName>
      return ok(await handler(parsed.data as never, ctx))
    } catch (err) {
      if (err instanceof ApiFailure) return fail(err.code, err.message, err.issues)
      if (err instanceof z.ZodError) return badRequest(command, err)
      log(`${command} failed: ${describe(err)}`)
      if (process.env.CHATFLOW_DEBUG && err instanceof Error) log(err.stack ?? '')
      return fail('internal', `The studio could not complete ${command}: ${describe(err)}`)
    }
  }

  return {
    dataDir,
    dbFile,
    call: call as Backend['call'],
    on(event, listener) {
      const any: AnyEventListener = (name, payload) => {
        if (name === event) listener(payload as never)
      }
      listeners.add(any)
      return () => listeners.delete(any)
    },
    onAny(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      if (closed) return
      closed = true
      for (const service of [...services.values()].reverse()) {
        const closable = service as { close?: () => unknown } | null
        if (closable && typeof closable.close === 'function') {
          try {
            await closable.close()
          } catch (err) {
            log(`closing a service failed: ${describe(err)}`)
          }
        }
      }
      listeners.clear()
      db.close()
    },
  }
}

function badRequest(command: string, error: z.ZodError): Result<never> {
  const issues: ApiIssue[] = error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }))
  const first = issues[0]
  const where = first && first.path.length ? ` at ${first.path.join('.')}` : ''
  return fail('bad_request', `Invalid request for ${command}${where}: ${first?.message ?? 'invalid payload'}`, issues)
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
