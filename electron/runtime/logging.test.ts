import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { expect, it } from 'vitest'
import { createLogger } from './logging'

// Info lines are gathered up to 4 KiB per write (or written within a second); a warning must not wait behind them,
// even when it is logged while a write of the gathered lines is under way (the stream drops a flush asked then).
it('writes a warning at once, with the info lines before it, while info lines wait to be gathered', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-log-'))
  const file = path.join(dir, 'log.jsonl')
  const logger = createLogger({ fd: fs.openSync(file, 'a') })
  // The stream owns the file descriptor: ending it writes what is left and closes it.
  const stream = (logger as unknown as Record<symbol, NodeJS.EventEmitter & { end(): void }>)[pino.symbols.streamSym]!
  try {
    logger.info({ runId: 'run_1' }, 'run step')
    await new Promise((r) => setTimeout(r, 50))
    expect(fs.readFileSync(file, 'utf8')).toBe('') // gathered, not yet written
    // Enough lines to start a write, then a warning right behind it.
    for (let i = 0; i < 40; i++) logger.info({ runId: `run_${i}`, contactId: 'ct_1', flowId: 'flw_1' }, 'run step')
    logger.warn('SENDING STOPPED: channel error 190')
    await expect.poll(() => fs.readFileSync(file, 'utf8'), { timeout: 500, interval: 10 }).toContain('SENDING STOPPED')
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; level: string })
    expect(lines).toHaveLength(42)
    expect(lines.at(-1)).toMatchObject({ level: 'warn', msg: 'SENDING STOPPED: channel error 190' })
  } finally {
    stream.end()
    await once(stream, 'close')
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
