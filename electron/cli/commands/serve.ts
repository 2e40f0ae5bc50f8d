// `chatflow serve --data-dir <dir> [--port N] [--host H]`: the studio's back end without a window, with the same
// webhook listener, for scripted set-ups and as a production-like server. Stops cleanly on SIGINT/SIGTERM.
import { createBackend, type Backend } from '../../studio/backend'
import { resolveDataDir } from '../../studio/data-dir'
import { DEFAULT_PUBLISH_PORT, startPublishApi } from '../../studio/publish/start'
import { parseCommandLine } from './args'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow serve [--data-dir <dir>] [--port N] [--host H]

Runs the studio back end headless with its webhook listener (default 127.0.0.1:7373, or the saved settings).
  --port N   listen on port N for this run (0: any free port); not saved
  --host H   bind address for this run, e.g. 0.0.0.0 (reachable from other machines: a warning is printed)
  --publish-key K   turn on the publish API (docs/publish-api.md) with this key (or CHATFLOW_PUBLISH_KEY)
  --publish-port N  its port (default ${DEFAULT_PUBLISH_PORT}; 0: any free port), on the same host
Exit codes: 0 stopped by SIGINT/SIGTERM, 1 the database or the port cannot be used, 2 bad usage.
`

export const serveCommand: CliCommand = {
  summary: 'run the back end headless with the webhook listener',
  async run(args) {
    const parsed = parseCommandLine('serve', USAGE, args, { 'data-dir': { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, 'publish-key': { type: 'string' }, 'publish-port': { type: 'string' } })
    if ('exit' in parsed) return parsed.exit
    const { values } = parsed
    if (values.port !== undefined) {
      if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535) {
        process.stderr.write(`chatflow serve: --port must be a number from 0 to 65535, not '${values.port}'\n`)
        return 2
      }
      process.env.CHATFLOW_WEBHOOK_PORT = values.port
    }
    if (values.host !== undefined) process.env.CHATFLOW_WEBHOOK_HOST = values.host
    const dataDir = resolveDataDir(values['data-dir'])
    let backend: Backend
    try {
      backend = createBackend({ dataDir })
    } catch (err) {
      process.stderr.write(`chatflow serve: ${err instanceof Error ? err.message : String(err)}\n`)
      return 1
    }
    const status = await backend.call('webhook.listener.get', {})
    if (!status.ok || status.value.state !== 'listening') {
      const why = status.ok ? (status.value.error?.message ?? status.value.state) : status.error.message
      const hint = status.ok && status.value.suggestedPort ? `\nTry: chatflow serve --port ${status.value.suggestedPort}` : ''
      process.stderr.write(`chatflow serve: ${why}${hint}\n`)
      await backend.close()
      return 1
    }
    const { url, warning } = status.value
    process.stdout.write(`Serving ${backend.dbFile}\nWebhook listener: ${url}/chatbot-webhook/<flow_id>/trigger\n`)
    if (warning) process.stderr.write(`warning: ${warning}\n`)
    await printWebhookFlows(backend, url!)
    const publishKey = values['publish-key'] ?? process.env.CHATFLOW_PUBLISH_KEY
    let publish: Awaited<ReturnType<typeof startPublishApi>> | null = null
    if (publishKey) {
      try {
        publish = await startPublishApi(backend, publishKey, new URL(url!).hostname.replace(/^\[|\]$/g, ''), Number(values['publish-port'] ?? process.env.CHATFLOW_PUBLISH_PORT ?? DEFAULT_PUBLISH_PORT))
        process.stdout.write(`Publish API: ${publish.url}\n`)
      } catch (err) {
        process.stderr.write(`chatflow serve: publish API: ${err instanceof Error ? err.message : String(err)}\n`)
        await backend.close()
        return 1
      }
    }
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    process.stdout.write(`Stopping (${signal})…\n`)
    await publish?.app.close()
    await backend.close()
    return 0
  },
}

/** One line per stored flow that has a webhook trigger, so the operator sees what can be called. */
async function printWebhookFlows(backend: Backend, url: string): Promise<void> {
  const list = await backend.call('flows.list', {})
  if (!list.ok) return
  for (const summary of list.value) {
    const flow = await backend.call('flows.get', { id: summary.id })
    if (!flow.ok || !flow.value.document.nodes.some((n) => n.type === 'trigger' && n.config.kind === 'webhook')) continue
    const state = summary.active ? '' : ' (inactive: answers 409)'
    process.stdout.write(`  ${summary.name}: ${url}/chatbot-webhook/${summary.id}/trigger${state}\n`)
  }
}
