import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { expect, it } from 'vitest'
import { foldReasons, LOG_LINE_BUDGET, LOG_LIST_ITEMS, LOG_VALUE_CHARS } from './log-bounds'
import { createLogger, LOG_GATHER_BYTES } from './logging'

// Info lines are gathered up to LOG_GATHER_BYTES per write (or written within a second); a warning must not wait behind them,
// even when it is logged while a write of the gathered lines is under way (the stream drops a flush asked then).
it('writes a warning at once, with the info lines before it, while info lines wait to be gathered', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-log-'))
  const file = path.join(dir, 'log.jsonl')
  const logger = createLogger({ fd: fs.openSync(file, 'a') })
  // The stream owns the file descriptor: ending it writes what is left and closes it.
  const stream = (logger as unknown as Record<symbol, NodeJS.EventEmitter & { end(): void }>)[pino.symbols.streamSym]!
  try {
    // Half of LOG_GATHER_BYTES (8 KiB, lines of about 150 bytes): gathered, not yet written.
    const few = Math.floor(LOG_GATHER_BYTES / 2 / 150)
    for (let i = 0; i < few; i++) logger.info({ runId: `run_${i}`, contactId: 'ct_1', flowId: 'flw_1' }, 'run step')
    await new Promise((r) => setTimeout(r, 50))
    expect(fs.readFileSync(file, 'utf8')).toBe('')
    // Enough lines to start a write, then a warning right behind it.
    const lines = few + Math.ceil(LOG_GATHER_BYTES / 100) // each at least 100 bytes
    for (let i = few; i < lines; i++) logger.info({ runId: `run_${i}`, contactId: 'ct_1', flowId: 'flw_1' }, 'run step')
    logger.warn('SENDING STOPPED: channel error 190')
    await expect.poll(() => fs.readFileSync(file, 'utf8'), { timeout: 500, interval: 10 }).toContain('SENDING STOPPED')
    const written = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; level: string })
    expect(written).toHaveLength(lines + 1)
    expect(written.at(-1)).toMatchObject({ level: 'warn', msg: 'SENDING STOPPED: channel error 190' })
  } finally {
    stream.end()
    await once(stream, 'close')
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

// Issue 39, item 5: what a request sends cannot make a line unbounded. A real pino logger writes to a stream that
// keeps every line, as stderr would receive it.
it('cuts long values, long lists and long messages, keeps secrets redacted, and bounds every line', () => {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  const logger = createLogger({ destination })
  const id = `wamid.${'x'.repeat(1_000_000)}`
  logger.warn(
    { messageId: id, token: 'EAAG-secret', nested: { ids: Array.from({ length: 5000 }, (_, i) => `id${i}`) } },
    'skipped',
  )
  logger.info(`message ${id} failed`)
  logger.info({ many: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, 'v'.repeat(400)])) }, 'wide')
  expect(lines).toHaveLength(3)
  for (const line of lines) expect(line.length).toBeLessThan(LOG_LINE_BUDGET + 1024)
  const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, any>)
  expect(first!.messageId).toBe(`${id.slice(0, LOG_VALUE_CHARS)}…[${id.length - LOG_VALUE_CHARS} more characters]`)
  expect(first!.token).toBe('[redacted]')
  expect(first!.nested.ids).toHaveLength(LOG_LIST_ITEMS + 1)
  expect(first!.nested.ids.at(-1)).toBe(`…[${5000 - LOG_LIST_ITEMS} more]`)
  expect(second!.msg).toMatch(/^message wamid\.x+…\[\d+ more characters\]$/)
})

it('folds many items of a few kinds into one entry per kind, with its count and first place', () => {
  const items = Array.from({ length: 60_000 }, (_, i) => ({
    at: `entry[0].changes[${i}]`,
    reason: i % 2 ? 'odd' : 'even',
  }))
  expect(foldReasons(items)).toEqual({
    count: 60_000,
    reasons: [
      { reason: 'even', count: 30_000, first: { at: 'entry[0].changes[0]' } },
      { reason: 'odd', count: 30_000, first: { at: 'entry[0].changes[1]' } },
    ],
  })
})

// Secrets are redacted by the bounding walk (pino's wildcard redaction cost a second walk per key of every line):
// at any depth, in lists, and in a child logger's bindings.
it('redacts keys named like secrets at any depth, in lists and in a child logger’s bindings', () => {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  const logger = createLogger({ destination })
  const deep = { a: { b: { c: { password: 'p4ss', keep: 1 } } } }
  logger.warn({ runId: 'run_1', authorization: 'Bearer x1', deep, list: [{ appSecret: 's3' }, { verifyToken: 'v2' }] })
  logger.child({ secret: 'child-secret', scope: 'inbox' }).warn({ token: 'EAAG-t' }, 'child line')
  expect(lines).toHaveLength(2)
  const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, any>)
  expect(first).toMatchObject({
    runId: 'run_1',
    authorization: '[redacted]',
    deep: { a: { b: { c: { password: '[redacted]', keep: 1 } } } },
    list: [{ appSecret: '[redacted]' }, { verifyToken: '[redacted]' }],
  })
  expect(second).toMatchObject({ secret: '[redacted]', scope: 'inbox', token: '[redacted]', msg: 'child line' })
  for (const s of ['p4ss', 'x1', 's3', 'v2', 'child-secret', 'EAAG-t']) expect(lines.join('\n')).not.toContain(s)
  // The caller's object is not changed.
  expect(deep.a.b.c.password).toBe('p4ss')
})
