#!/usr/bin/env node
// `npm run serve:web`: the browser host as a process. Prints one line with the address, then serves until stopped.
import '../regexp-safety' // first: before any pattern is compiled
import { isDatabaseOpenError } from '../services/db/errors'
import { ArgsError, parseArgs, USAGE } from './args'
import { RendererMissingError, startWebHost } from './server'

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (err) {
    if (err instanceof ArgsError) {
      process.stderr.write(`chatflow studio: ${err.message}\n\n${USAGE}`)
      return 2
    }
    throw err
  }
  if (args.help) {
    process.stdout.write(USAGE)
    return 0
  }
  try {
    // CHATFLOW_RENDERER_DIR serves a renderer built elsewhere (test runs, packaged layouts).
    const rendererDir = process.env.CHATFLOW_RENDERER_DIR || undefined
    const host = await startWebHost({
      dataDir: args.dataDir,
      port: args.port,
      newToken: args.newToken,
      ...(rendererDir ? { rendererDir } : {}),
    })
    process.stdout.write(`Chatflow Studio is running at ${host.openUrl}\n`)
    process.stdout.write(
      `Data folder: ${host.backend.dataDir}\nOpen the address in your browser (it carries the session token this studio requires). Press Ctrl+C to stop.\n`,
    )
    let stopping = false
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return
      stopping = true
      process.stdout.write(`Stopping (${signal})…\n`)
      host.close().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
    return -1
  } catch (err) {
    if (isDatabaseOpenError(err) || err instanceof RendererMissingError) {
      process.stderr.write(`chatflow studio: ${err.message}\n`)
      return 1
    }
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`chatflow studio: port ${args.port} is in use; pick another with --port, or 0 for any.\n`)
      return 1
    }
    throw err
  }
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code)
  },
  (err: unknown) => {
    process.stderr.write(`chatflow studio: internal error: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(70)
  },
)
