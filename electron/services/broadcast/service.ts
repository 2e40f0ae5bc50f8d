// What both hosts offer on broadcasts (the publish API's routes and the studio's commands, i37s): create from a spec
// and its planned recipients, pause, resume, cancel, read one or all, page through recipients. Changes of status
// that make no sense (resuming a finished broadcast) are refused with a code and a sentence; the runner is poked so
// a created or resumed broadcast starts without waiting for its next poll.
import type { BroadcastStatus, BroadcastView, RecipientView } from '../../../shared/broadcast/views'
import { ApiFailure, notFound } from '../failure'
import { rateOf } from './rows'
import type { BroadcastSpecCore, BroadcastStore, NewRecipient, RecipientPage } from './store'

export const MAX_RECIPIENTS = 100_000
const FINISHED: ReadonlySet<BroadcastStatus> = new Set(['done', 'cancelled'])

export class BroadcastService {
  constructor(
    private readonly store: BroadcastStore,
    private readonly now: () => number,
    private readonly poke: () => void = () => undefined,
    /** The pace the server sends at now (the runtime's send pacer, slower after a 130429); absent: the store's. */
    private readonly serverRate?: () => number,
  ) {}

  /** A view with the pace it goes at on this server now. */
  private paced(view: BroadcastView): BroadcastView {
    return this.serverRate ? { ...view, ratePerSecond: rateOf(view.spec, this.serverRate()) } : view
  }

  async create(spec: BroadcastSpecCore, recipients: NewRecipient[]): Promise<BroadcastView> {
    if (recipients.length > MAX_RECIPIENTS)
      throw new ApiFailure(
        'too_many_recipients',
        `A broadcast goes to at most ${MAX_RECIPIENTS.toLocaleString('en')} contacts; this one has ${recipients.length.toLocaleString('en')}. Split it.`,
      )
    if (!recipients.length)
      throw new ApiFailure('no_recipients', 'The broadcast has no contacts: the segment or the CSV matched nobody.')
    const view = await this.store.create(spec, recipients, this.now())
    this.poke()
    return this.paced(view)
  }

  async get(id: string): Promise<BroadcastView> {
    const view = await this.store.get(id)
    if (!view) throw notFound('Broadcast', id)
    return this.paced(view)
  }

  async list(limit = 100): Promise<BroadcastView[]> {
    return (await this.store.list(limit)).map((v) => this.paced(v))
  }

  recipients(id: string, page: RecipientPage): Promise<RecipientView[]> {
    return this.get(id).then(() => this.store.recipients(id, page))
  }

  /** Nothing more starts until resumed; recipients already started go on (their messages are in the outbox). */
  async pause(id: string): Promise<BroadcastView> {
    const view = await this.get(id)
    if (view.status === 'paused') return view
    this.refuseFinished(view, 'paused')
    return this.paced((await this.store.setStatus(id, 'paused', this.now()))!)
  }

  async resume(id: string): Promise<BroadcastView> {
    const view = await this.get(id)
    if (view.status !== 'paused')
      throw new ApiFailure('not_paused', `Broadcast "${view.name}" is ${view.status.replace('_', ' ')}, not paused.`)
    // Back to running if it had started, else to scheduled; the runner finds out about the limit again itself.
    const status = view.startedAt === null ? 'scheduled' : 'running'
    const resumed = (await this.store.setStatus(id, status, this.now()))!
    this.poke()
    return this.paced(resumed)
  }

  /** Its pending recipients are cancelled; started ones go on to sent or failed. */
  async cancel(id: string): Promise<BroadcastView> {
    const view = await this.get(id)
    if (view.status === 'cancelled') return view
    this.refuseFinished(view, 'cancelled')
    return this.paced((await this.store.setStatus(id, 'cancelled', this.now()))!)
  }

  private refuseFinished(view: BroadcastView, to: string): void {
    if (FINISHED.has(view.status))
      throw new ApiFailure('broadcast_finished', `Broadcast "${view.name}" is ${view.status}: it cannot be ${to}.`)
  }
}
