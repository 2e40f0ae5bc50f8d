// GET /metrics (Prometheus text format, prom-client): runs started, ended and failed; steps and their latency;
// outbox depth and age; channel inbox depth; deliveries by state; HTTP answers by route and code; and the process's
// own (memory, CPU, event-loop lag). Queue figures are read from the store once per scrape. docs/deploy.md says
// what to watch.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { QueueStats } from './channel-store'

export class RuntimeMetrics {
  readonly registry = new Registry()
  private readonly r = [this.registry]
  readonly runsStarted = new Counter({
    name: 'chatflow_runs_started_total',
    help: 'Runs started, by flow.',
    labelNames: ['flow_id'],
    registers: this.r,
  })
  readonly runsEnded = new Counter({
    name: 'chatflow_runs_ended_total',
    help: 'Runs that ended (completed, expired, superseded…), by flow and reason.',
    labelNames: ['flow_id', 'reason'],
    registers: this.r,
  })
  readonly runsFailed = new Counter({
    name: 'chatflow_runs_failed_total',
    help: 'Runs that failed, by flow and error code.',
    labelNames: ['flow_id', 'code'],
    registers: this.r,
  })
  readonly steps = new Counter({
    name: 'chatflow_steps_total',
    help: 'Engine steps committed (a run started or resumed).',
    registers: this.r,
  })
  readonly stepSeconds = new Histogram({
    name: 'chatflow_step_duration_seconds',
    help: "Time to process one message or webhook request for a contact: the engine's steps and their commit.",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: this.r,
  })
  readonly deliveries = new Counter({
    name: 'chatflow_deliveries_total',
    help: 'Outbound messages by delivery state: accepted (the channel took it), then sent, delivered, read or failed as reported.',
    labelNames: ['state'],
    registers: this.r,
  })
  readonly responses = new Counter({
    name: 'chatflow_http_responses_total',
    help: 'HTTP answers of the listener, by route and status code.',
    labelNames: ['route', 'code'],
    registers: this.r,
  })
  readonly webhookItems = new Counter({
    name: 'chatflow_channel_webhook_items_total',
    help: "Items of the channel's webhooks: messages recorded, duplicates dropped, statuses, and items skipped.",
    labelNames: ['kind'],
    registers: this.r,
  })
  readonly handoverNotifications = new Counter({
    name: 'chatflow_handover_notifications_total',
    help: 'Takeover notifications to the handover URL, by outcome: sent, retried (an attempt failed), failed (given up).',
    labelNames: ['outcome'],
    registers: this.r,
  })
  private readonly outboxDepth = new Gauge({
    name: 'chatflow_outbox_depth',
    help: 'Outbound messages not yet sent or failed.',
    registers: this.r,
  })
  private readonly outboxAge = new Gauge({
    name: 'chatflow_outbox_oldest_age_seconds',
    help: 'Age of the oldest unsent message (0 when none).',
    registers: this.r,
  })
  private readonly outboxWaiting = new Gauge({
    name: 'chatflow_outbox_waiting_seconds',
    help: 'How long a due message has waited without a sender: grows when sending is stuck or halted.',
    registers: this.r,
  })
  private readonly inboxDepth = new Gauge({
    name: 'chatflow_channel_inbox_depth',
    help: 'Customer messages recorded from the webhook and not yet processed.',
    registers: this.r,
  })
  private readonly halted = new Gauge({
    name: 'chatflow_channel_sending_halted',
    help: '1 while the channel refuses the token or account and sending is stopped.',
    registers: this.r,
  })

  constructor(opts: { defaults?: boolean } = {}) {
    if (opts.defaults !== false) collectDefaultMetrics({ register: this.registry, prefix: 'chatflow_' })
  }

  /** The scrape: queue figures first (one store read), then every metric as text. */
  async text(read: { stats(): Promise<QueueStats>; halted(): boolean }, now = Date.now()): Promise<string> {
    const s = await read.stats()
    this.outboxDepth.set(s.outboxDepth)
    this.outboxAge.set(s.outboxOldestAt === null ? 0 : Math.max(0, (now - s.outboxOldestAt) / 1000))
    this.outboxWaiting.set(s.outboxWaitingMs / 1000)
    this.inboxDepth.set(s.inboxDepth)
    this.halted.set(read.halted() ? 1 : 0)
    return this.registry.metrics()
  }

  get contentType(): string {
    return this.registry.contentType
  }
}
