// `chatflow serve`: the headless production runtime (docs/runtime.md, docs/deploy.md). One listener carries the
// webhook trigger, inbound messages (with an inbound key), the channel's webhook (with --channel cloud-api) and the
// health and metrics endpoints; the publish API runs on its own port with a publish key. State lives in the data
// folder's SQLite database, or in PostgreSQL given --database-url (several instances may share it). Outbound
// messages go through a channel adapter. Logs are JSON lines on stderr. Stops cleanly on SIGINT/SIGTERM.
import { webhookTriggerOf } from '../../../shared/nodes/trigger/kind'
import { resolveDataDir } from '../../services/data-dir'
import { DEFAULT_PUBLISH_PORT } from '../../services/publish/start'
import { outboundFromEnv, outboxPolicy, selectAdapter } from '../../runtime/adapters/select'
import { CHANNEL_WEBHOOK_PATH } from '../../runtime/channel-webhook'
import {
  ChannelSettingsError,
  channelKind,
  cloudApiConfig,
  refuseSpaces,
  type CloudApiConfig,
} from '../../runtime/channel-settings'
import { instrumentStore } from '../../runtime/instrument'
import { createLogger, LOG_LEVELS, warnLine } from '../../runtime/logging'
import { RuntimeMetrics } from '../../runtime/metrics'
import { openStore, redact, type OpenedStore } from '../../runtime/open'
import { modelConfigFromEnv } from '../../services/effects/model-env'
import { providerName, type ModelProviderConfig } from '../../services/effects/model-provider'
import { Runtime } from '../../runtime/runtime'
import { wakeReports, wakeOptions } from '../../runtime/wake-reporting'
import type { WakeOptions } from '../../runtime/wakes'
import { startRuntimeServer, type RuntimeServer } from '../../runtime/server'
import { INBOUND_PATH } from '../../runtime/inbound-route'
import { closeScriptPool } from '../../services/sandbox/pool'
import { broadcastSettings, BroadcastSettingsError } from '../../runtime/broadcast-settings'
import type { RuntimeBroadcastOptions } from '../../runtime/broadcast-host'
import { parseCommandLine } from './args'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow serve [--data-dir <dir> | --database-url <postgres://…>] [options]

Runs flows headless: the webhook trigger (default 127.0.0.1:7373, or the saved settings), inbound channel
messages, the channel's webhook and the publish API. docs/runtime.md and docs/deploy.md describe all of it.
  --port N              listen on port N for this run (0: any free port); not saved
  --host H              bind address for this run, e.g. 0.0.0.0 (reachable from other machines: a warning is printed)
  --database-url URL    keep state in PostgreSQL (or CHATFLOW_DATABASE_URL) instead of the data folder's SQLite
  --inbound-key K       turn on POST ${INBOUND_PATH} with this bearer key (or CHATFLOW_INBOUND_KEY)
  --publish-key K       turn on the publish API (docs/publish-api.md) with this key (or CHATFLOW_PUBLISH_KEY)
  --publish-port N      its port (default ${DEFAULT_PUBLISH_PORT}; 0: any free port), on the same host
  --channel C           where outbound messages go (or CHATFLOW_CHANNEL): cloud-api (the channel itself, and its
                        webhook at ${CHANNEL_WEBHOOK_PATH}), http (--outbound-url), or log (the default)
  --cloud-api-url URL   the Cloud API's base (or CHATFLOW_CLOUD_API_URL; default https://graph.facebook.com)
  --cloud-api-version V its version (or CHATFLOW_CLOUD_API_VERSION; default v25.0)
  --cloud-phone-number-id ID  the business number's id (or CHATFLOW_CLOUD_PHONE_NUMBER_ID)
                        secrets only from the environment: CHATFLOW_CLOUD_API_TOKEN, CHATFLOW_CLOUD_APP_SECRET,
                        CHATFLOW_CLOUD_VERIFY_TOKEN (or each one's _FILE, naming a file that holds it)
  --outbound-url URL    forward outbound messages as JSON POSTs (or CHATFLOW_OUTBOUND_URL)
  --outbound-log FILE   else append them as JSON lines to FILE (or CHATFLOW_OUTBOUND_LOG); default stdout
  --handover-url URL    POST takeover notifications here (or CHATFLOW_HANDOVER_URL); CHATFLOW_HANDOVER_SECRET signs them
  --send-rate N         outbound messages per second, every send paced (or CHATFLOW_SEND_RATE; 1-1000; default 80
                        with --channel cloud-api, else unpaced; broadcasts start at most 80/s without it); on
                        PostgreSQL the number's rate, shared by every instance (give each the same)
  --conversation-limit N|unlimited  new business-initiated conversations (any template outside the 24-hour window)
                        per 24 hours, beyond which broadcasts wait
                        (or CHATFLOW_CONVERSATION_LIMIT; default 1000)
  --retention-days N    delete finished runs (trace, messages) older than N days, hourly (or CHATFLOW_RETENTION_DAYS)
  --log-level L         JSON logs on stderr from this level: ${LOG_LEVELS.join(', ')} (or CHATFLOW_LOG_LEVEL; default info)
Exit codes: 0 stopped by SIGINT/SIGTERM, 1 the database or the port cannot be used, 2 bad usage.
`

const fail = (message: string, code = 1) => (process.stderr.write(`chatflow serve: ${message}\n`), code)

export const serveCommand: CliCommand = {
  summary: 'run flows headless: webhook trigger, inbound messages, the channel, publish API',
  async run(args) {
    const parsed = parseCommandLine('serve', USAGE, args, {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'database-url': { type: 'string' },
      'inbound-key': { type: 'string' },
      'publish-key': { type: 'string' },
      'publish-port': { type: 'string' },
      channel: { type: 'string' },
      'cloud-api-url': { type: 'string' },
      'cloud-api-version': { type: 'string' },
      'cloud-phone-number-id': { type: 'string' },
      'outbound-url': { type: 'string' },
      'outbound-log': { type: 'string' },
      'retention-days': { type: 'string' },
      'handover-url': { type: 'string' },
      'log-level': { type: 'string' },
      'send-rate': { type: 'string' },
      'conversation-limit': { type: 'string' },
    })
    if ('exit' in parsed) return parsed.exit
    const { values } = parsed
    for (const flag of ['port', 'publish-port'] as const) {
      const v = values[flag]
      if (v !== undefined && (!/^\d{1,5}$/.test(v) || Number(v) > 65535))
        return fail(`--${flag} must be a number from 0 to 65535, not '${v}'`, 2)
    }
    if (values.port !== undefined) process.env.CHATFLOW_WEBHOOK_PORT = values.port
    if (values.host !== undefined) process.env.CHATFLOW_WEBHOOK_HOST = values.host
    const databaseUrl = values['database-url'] ?? process.env.CHATFLOW_DATABASE_URL
    if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
      return fail('--database-url must start with postgres:// or postgresql://', 2)
    const retention = values['retention-days'] ?? process.env.CHATFLOW_RETENTION_DAYS
    if (retention !== undefined && !/^[1-9]\d{0,4}$/.test(retention))
      return fail(`--retention-days must be a whole number of days from 1, not '${retention}'`, 2)
    const level = values['log-level'] ?? process.env.CHATFLOW_LOG_LEVEL ?? 'info'
    if (!(LOG_LEVELS as readonly string[]).includes(level))
      return fail(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not '${level}'`, 2)
    const outbound = outboundFromEnv({ url: values['outbound-url'], logFile: values['outbound-log'] })
    let wakes: WakeOptions
    let model: ModelProviderConfig | null
    let broadcasts: RuntimeBroadcastOptions
    try {
      wakes = wakeOptions(process.env)
      model = modelConfigFromEnv(process.env)
    } catch (err) {
      return fail(message(err), 2)
    }
    const handover = handoverFromEnv(values['handover-url'])
    if (typeof handover === 'string') return fail(handover, 2)
    let cloud: CloudApiConfig | undefined
    let adapter
    const publishKey = values['publish-key'] ?? process.env.CHATFLOW_PUBLISH_KEY
    const inboundKey = values['inbound-key'] ?? process.env.CHATFLOW_INBOUND_KEY
    try {
      if (publishKey !== undefined) refuseSpaces('the publish key (CHATFLOW_PUBLISH_KEY)', publishKey)
      if (inboundKey !== undefined) refuseSpaces('the inbound key (CHATFLOW_INBOUND_KEY)', inboundKey)
      const flags = {
        channel: values.channel,
        cloudApiUrl: values['cloud-api-url'],
        cloudApiVersion: values['cloud-api-version'],
        phoneNumberId: values['cloud-phone-number-id'],
      }
      if (channelKind(flags, process.env, outbound.url) === 'cloud-api') cloud = cloudApiConfig(flags)
      adapter = selectAdapter(outbound, cloud)
      broadcasts = {
        ...broadcastSettings(
          { sendRate: values['send-rate'], conversationLimit: values['conversation-limit'] },
          process.env,
          cloud ? 'cloud-api' : 'other',
        ),
        // Instances sending for the same number share its pace (PostgreSQL: send_pace).
        number: cloud?.phoneNumberId ?? 'outbound',
      }
    } catch (err) {
      if (err instanceof BroadcastSettingsError) return fail(err.message, 2)
      return fail(err instanceof ChannelSettingsError ? err.message : `outbound: ${message(err)}`, 2)
    }
    const logger = createLogger({ level })
    const metrics = new RuntimeMetrics()
    let opened: OpenedStore
    try {
      opened = await openStore({ dataDir: resolveDataDir(values['data-dir']), databaseUrl, model })
    } catch (err) {
      await adapter.adapter.close?.()
      return fail(message(err))
    }
    const runtime = new Runtime({
      store: instrumentStore(opened.store, metrics, logger),
      adapter: adapter.adapter,
      effects: opened.effects,
      outbox: outboxPolicy(outbound),
      housekeeping: { retentionDays: retention === undefined ? null : Number(retention) },
      wakes: { ...wakes, onWake: wakeReports(logger, metrics, opened.store) },
      broadcasts,
      log: warnLine(logger),
      ...(handover
        ? {
            handover: {
              ...handover,
              log: (fields: Record<string, unknown>, msg: string) => logger.warn(fields, msg),
              counter: metrics.handoverNotifications,
            },
          }
        : {}),
    })
    let server: RuntimeServer
    try {
      server = await startRuntimeServer(runtime, {
        settings: opened.settings,
        inboundKey,
        publishKey,
        publishPort: Number(values['publish-port'] ?? process.env.CHATFLOW_PUBLISH_PORT ?? DEFAULT_PUBLISH_PORT),
        channel: cloud && {
          appSecret: cloud.appSecret,
          verifyToken: cloud.verifyToken,
          phoneNumberId: cloud.phoneNumberId,
        },
        adapter: adapter.adapter,
        metrics,
        logger,
        log: warnLine(logger),
        now: () => opened.effects.clock.now(),
      })
    } catch (err) {
      await runtime.close()
      return fail(message(err))
    }
    const status = server.listener
    if (status.state !== 'listening') {
      const hint = status.suggestedPort ? `\nTry: chatflow serve --port ${status.suggestedPort}` : ''
      await server.close()
      await runtime.close()
      return fail(`${status.error?.message ?? status.state}${hint}`)
    }
    const url = status.url!
    // Listening before the start-up lines: whoever waits for them may send SIGTERM at once.
    const stopSignal = new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    process.stdout.write(`Serving ${opened.where}\nWebhook listener: ${url}/chatbot-webhook/<flow_id>/trigger\n`)
    if (status.warning) process.stderr.write(`warning: ${status.warning}\n`)
    if (model) process.stdout.write(`Model provider: ${model.model} at ${providerName(model.baseUrl)}\n`)
    await printWebhookFlows(opened, url)
    if (inboundKey) process.stdout.write(`Inbound messages: ${url}${INBOUND_PATH}\n`)
    if (cloud)
      process.stdout.write(`Channel webhook: ${url}${CHANNEL_WEBHOOK_PATH} (business number ${cloud.phoneNumberId})\n`)
    if (server.publishUrl) process.stdout.write(`Publish API: ${server.publishUrl}\n`)
    process.stdout.write(`Health: ${url}/healthz, ${url}/readyz; metrics: ${url}/metrics\n`)
    process.stdout.write(`Outbound messages: ${adapter.describe}\n`)
    if (handover)
      process.stdout.write(
        `Takeover notifications: ${redact(handover.url)}${handover.secret ? ' (signed: X-Chatflow-Signature)' : ''}\n`,
      )
    const limit = broadcasts.conversationLimit ?? null
    process.stdout.write(
      `Sending: ${broadcasts.sendRate ? `at most ${broadcasts.sendRate} messages/s` : 'unpaced (--send-rate N)'}; broadcasts start ${limit === null ? 'unlimited' : `at most ${limit}`} new conversations per 24 hours\n`,
    )
    process.stdout.write(
      retention
        ? `Log retention: finished runs older than ${retention} days are deleted hourly\n`
        : 'Log retention: off (--retention-days N)\n',
    )
    logger.info(
      { listener: url, publishApi: server.publishUrl, store: opened.store.kind, channel: adapter.adapter.name },
      'serving',
    )
    const signal = await stopSignal
    process.stdout.write(`Stopping (${signal})…\n`)
    // Requests in progress finish first (a script at most its time limit: the sandbox runs off this thread).
    await server.close()
    await runtime.close()
    await closeScriptPool()
    logger.info({ signal }, 'stopped')
    logger.flush()
    return 0
  },
}

/** --handover-url / CHATFLOW_HANDOVER_URL with CHATFLOW_HANDOVER_SECRET; a string is the usage error. */
function handoverFromEnv(flag: string | undefined): { url: string; secret?: string } | null | string {
  const url = flag ?? process.env.CHATFLOW_HANDOVER_URL
  const secret = process.env.CHATFLOW_HANDOVER_SECRET
  if (url === undefined)
    return secret ? 'CHATFLOW_HANDOVER_SECRET is set but no --handover-url (CHATFLOW_HANDOVER_URL)' : null
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    // Not a URL: not echoed either, as it may hold a credential typed in the wrong place.
    return '--handover-url must be an http or https URL (https://host/path)'
  }
  // A password in the URL (https://user:pass@host/…) is never printed: usage errors and the start-up line show ***.
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `--handover-url must be an http or https URL, not '${redact(url)}'`
  if (secret !== undefined && (secret.length < 16 || /\s/.test(secret)))
    return 'CHATFLOW_HANDOVER_SECRET must be at least 16 characters, without spaces or line breaks'
  return { url, ...(secret ? { secret } : {}) }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** One line per running flow that has a webhook trigger, so the operator sees what can be called. */
async function printWebhookFlows(opened: OpenedStore, url: string): Promise<void> {
  for (const flow of await opened.store.runningFlows()) {
    if (!webhookTriggerOf(flow)) continue
    const state = flow.active ? '' : ' (inactive: answers 409)'
    process.stdout.write(`  ${flow.name}: ${url}/chatbot-webhook/${flow.id}/trigger${state}\n`)
  }
}
