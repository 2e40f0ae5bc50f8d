import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { WebhookListenerStatus } from '../../../shared/api/commands/webhook'
import { ListenerLimitsError } from './limits'
import { RateLimiter } from './rate'
import { buildWebhookApp, type WebhookAppDeps } from './server'
import { isLoopback, type ListenerSettings } from './settings'

export type ListenerStatus = WebhookListenerStatus

/**
 * The webhook HTTP listener of one back end. Flows, secrets and runs are read through `deps` on every request,
 * so editing, activating or rotating takes effect on the next request without a restart. Changing the address
 * or rate restarts the listener.
 */
export class WebhookListener {
  private app: FastifyInstance | null = null
  private current: ListenerStatus
  private pending: Promise<ListenerStatus> = Promise.resolve(null as unknown as ListenerStatus)
  private readonly rate: RateLimiter

  constructor(
    private readonly deps: Omit<WebhookAppDeps, 'rate'>,
    settings: ListenerSettings,
  ) {
    this.rate = new RateLimiter(settings)
    this.current = baseStatus(settings, 'stopped')
  }

  status(): ListenerStatus {
    return { ...this.current }
  }

  /** The status once any start or restart in progress has finished. */
  settled(): Promise<ListenerStatus> {
    return this.pending.then(() => this.status())
  }

  start(settings: ListenerSettings = this.current): Promise<ListenerStatus> {
    // Starts and restarts run one after another; a failed one must not stop those queued behind it.
    this.pending = this.pending.catch(() => undefined).then(() => this.restart(settings))
    return this.pending
  }

  async close(): Promise<void> {
    await this.pending.catch(() => undefined)
    await this.stop()
    this.current = { ...this.current, state: 'stopped', url: null }
  }

  private async restart(settings: ListenerSettings): Promise<ListenerStatus> {
    await this.stop()
    this.rate.configure(settings)
    this.current = baseStatus(settings, 'starting')
    let app: FastifyInstance | null = null
    try {
      app = buildWebhookApp({ ...this.deps, rate: this.rate })
      await app.listen({ host: settings.host, port: settings.port })
    } catch (err) {
      await app?.close().catch(() => undefined)
      this.current = { ...baseStatus(settings, 'failed'), ...(await describeListenError(err, settings)) }
      this.deps.log(`webhook listener: ${this.current.error!.message}`)
      return this.status()
    }
    this.app = app
    const address = app.server.address() as net.AddressInfo
    const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address
    this.current = {
      ...baseStatus(settings, 'listening'),
      url: `http://${hostPart}:${address.port}`,
      port: address.port,
      warning: isLoopback(settings.host)
        ? null
        : `The webhook listener is bound to ${settings.host}, beyond this computer: anyone on your network who has a ` +
          "flow's secret can start its runs. Bind 127.0.0.1 unless you need that.",
    }
    return this.status()
  }

  private async stop(): Promise<void> {
    const app = this.app
    this.app = null
    if (app) await app.close()
  }
}

function baseStatus(settings: ListenerSettings, state: ListenerStatus['state']): ListenerStatus {
  const { host, port, ratePerSecond, burst } = settings
  return { state, host, port, ratePerSecond, burst, url: null, warning: null, error: null, suggestedPort: null }
}

async function describeListenError(err: unknown, s: ListenerSettings): Promise<Partial<ListenerStatus>> {
  const code = (err as { code?: string }).code
  if (code === 'EADDRINUSE') {
    const suggestedPort = await freePort(s.host)
    return {
      error: {
        code: 'port_in_use',
        message:
          `Port ${s.port} on ${s.host} is already in use by another program, so the webhook listener is not running. ` +
          // Not just "--port": the studio's own --port is the address of its page, not of this listener.
          `Pick another port in a flow's Webhook section, Listener settings (chatflow serve: --port N)` +
          `${suggestedPort ? `; ${suggestedPort} is free now` : ''}.`,
      },
      suggestedPort,
    }
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return {
      error: {
        code: 'address_unavailable',
        message: `The address ${s.host} does not belong to this computer; bind 127.0.0.1 (or 0.0.0.0 for all interfaces).`,
      },
    }
  }
  if (err instanceof ListenerLimitsError) return { error: { code: 'listen_failed', message: err.message } }
  const detail = err instanceof Error ? err.message : String(err)
  return {
    error: {
      code: 'listen_failed',
      message: `The webhook listener could not start on ${s.host}:${s.port} (${detail}).`,
    },
  }
}

function freePort(host: string): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(null))
    probe.listen({ host, port: 0 }, () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
