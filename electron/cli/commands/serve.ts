// `chatflow serve`: the headless production runtime (docs/runtime.md). One listener carries the webhook trigger
// and, with an inbound key, the channel's inbound messages; the publish API runs on its own port with a publish
// key. State lives in the data folder's SQLite database, or in PostgreSQL given --database-url (several instances
// may share it). Outbound messages go through a channel adapter. Stops cleanly on SIGINT/SIGTERM.
import { webhookTriggerOf } from '../../../shared/nodes/trigger/kind'
import { resolveDataDir } from '../../studio/data-dir'
import { DEFAULT_PUBLISH_PORT } from '../../studio/publish/start'
import { outboundFromEnv, outboxPolicy, selectAdapter } from '../../runtime/adapters/select'
import { openStore, type OpenedStore } from '../../runtime/open'
import { Runtime } from '../../runtime/runtime'
import { startRuntimeServer, type RuntimeServer } from '../../runtime/server'
import { INBOUND_PATH } from '../../runtime/inbound-route'
import { parseCommandLine } from './args'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow serve [--data-dir <dir> | --database-url <postgres://…>] [options]

Runs flows headless: the webhook trigger (default 127.0.0.1:7373, or the saved settings), inbound channel
messages and the publish API. docs/runtime.md describes all of it.
  --port N              listen on port N for this run (0: any free port); not saved
  --host H              bind address for this run, e.g. 0.0.0.0 (reachable from other machines: a warning is printed)
  --database-url URL    keep state in PostgreSQL (or CHATFLOW_DATABASE_URL) instead of the data folder's SQLite
  --inbound-key K       turn on POST ${INBOUND_PATH} with this bearer key (or CHATFLOW_INBOUND_KEY)
  --publish-key K       turn on the publish API (docs/publish-api.md) with this key (or CHATFLOW_PUBLISH_KEY)
  --publish-port N      its port (default ${DEFAULT_PUBLISH_PORT}; 0: any free port), on the same host
  --outbound-url URL    forward outbound messages as JSON POSTs (or CHATFLOW_OUTBOUND_URL)
  --outbound-log FILE   else append them as JSON lines to FILE (or CHATFLOW_OUTBOUND_LOG); default stdout
  --retention-days N    delete finished runs (trace, messages) older than N days, hourly (or CHATFLOW_RETENTION_DAYS)
Exit codes: 0 stopped by SIGINT/SIGTERM, 1 the database or the port cannot be used, 2 bad usage.
`

const fail = (message: string, code = 1) => (process.stderr.write(`chatflow serve: ${message}\n`), code)

export const serveCommand: CliCommand = {
  summary: 'run flows headless: webhook trigger, inbound messages, publish API',
  async run(args) {
    const parsed = parseCommandLine('serve', USAGE, args, {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'database-url': { type: 'string' },
      'inbound-key': { type: 'string' },
      'publish-key': { type: 'string' },
      'publish-port': { type: 'string' },
      'outbound-url': { type: 'string' },
      'outbound-log': { type: 'string' },
      'retention-days': { type: 'string' },
    })
    if ('exit' in parsed) return parsed.exit
    const { values } = parsed
    for (const flag of ['port', 'publish-port'] as const) {
      const v = values[flag]
      if (v !== undefined && (!/^\d{1,5}$/.test(v) || Number(v) > 65535)) return fail(`--${flag} must be a number from 0 to 65535, not '${v}'`, 2)
    }
    if (values.port !== undefined) process.env.CHATFLOW_WEBHOOK_PORT = values.port
    if (values.host !== undefined) process.env.CHATFLOW_WEBHOOK_HOST = values.host
    const databaseUrl = values['database-url'] ?? process.env.CHATFLOW_DATABASE_URL
    if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) return fail('--database-url must start with postgres:// or postgresql://', 2)
    const retention = values['retention-days'] ?? process.env.CHATFLOW_RETENTION_DAYS
    if (retention !== undefined && !/^[1-9]\d{0,4}$/.test(retention)) return fail(`--retention-days must be a whole number of days from 1, not '${retention}'`, 2)
    const outbound = outboundFromEnv({ url: values['outbound-url'], logFile: values['outbound-log'] })
    let adapter
    try {
      adapter = selectAdapter(outbound)
    } catch (err) {
      return fail(`outbound: ${message(err)}`, 2)
    }
    let opened: OpenedStore
    try {
      opened = await openStore({ dataDir: resolveDataDir(values['data-dir']), databaseUrl })
    } catch (err) {
      await adapter.adapter.close?.()
      return fail(message(err))
    }
    const runtime = new Runtime({
      store: opened.store,
      adapter: adapter.adapter,
      effects: opened.effects,
      outbox: outboxPolicy(outbound),
      housekeeping: { retentionDays: retention === undefined ? null : Number(retention) },
    })
    let server: RuntimeServer
    try {
      server = await startRuntimeServer(runtime, {
        settings: opened.settings,
        inboundKey: values['inbound-key'] ?? process.env.CHATFLOW_INBOUND_KEY,
        publishKey: values['publish-key'] ?? process.env.CHATFLOW_PUBLISH_KEY,
        publishPort: Number(values['publish-port'] ?? process.env.CHATFLOW_PUBLISH_PORT ?? DEFAULT_PUBLISH_PORT),
        log: (m) => process.stderr.write(`[runtime] ${m}\n`),
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
    await printWebhookFlows(opened, url)
    if (values['inbound-key'] ?? process.env.CHATFLOW_INBOUND_KEY) process.stdout.write(`Inbound messages: ${url}${INBOUND_PATH}\n`)
    if (server.publishUrl) process.stdout.write(`Publish API: ${server.publishUrl}\n`)
    process.stdout.write(`Outbound messages: ${adapter.describe}\n`)
    process.stdout.write(retention ? `Log retention: finished runs older than ${retention} days are deleted hourly\n` : 'Log retention: off (--retention-days N)\n')
    const signal = await stopSignal
    process.stdout.write(`Stopping (${signal})…\n`)
    await server.close()
    await runtime.close()
    return 0
  },
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
