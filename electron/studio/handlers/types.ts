import type { Database } from 'better-sqlite3'
import type { CommandName, EventName, EventPayload, ParsedRequestOf, ResultOf, StudioNotice } from '../../../shared/api'

/**
 * A per-back-end singleton built on first use, e.g. a store over the database or a run scheduler.
 * If the value has `close()`, the back end calls it (awaited, in reverse creation order) when it closes.
 */
export type ServiceFactory<T> = (ctx: HandlerContext) => T

export interface HandlerContext {
  db: Database
  dataDir: string
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
  /** The one instance of `factory` for this back end (memoized by the factory function itself). */
  service<T>(factory: ServiceFactory<T>): T
  /** Clock in epoch milliseconds; tests inject their own. */
  now(): number
  log(message: string): void
  /** What opening the studio found that the user must be told (studio.notices). */
  notices: StudioNotice[]
}

export type Handler<C extends CommandName> = (
  req: ParsedRequestOf<C>,
  ctx: HandlerContext,
) => ResultOf<C> | Promise<ResultOf<C>>

/** Handlers for every command of one area: `AreaHandlers<'flows'>` must cover exactly the 'flows.*' commands. */
export type AreaHandlers<Area extends string> = {
  [C in CommandName as C extends `${Area}.${string}` ? C : never]: Handler<C>
}

export type HandlerMap = { [C in CommandName]: Handler<C> }
