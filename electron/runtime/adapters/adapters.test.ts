import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { OutboundEnvelope } from './adapter'
import { HttpAdapter } from './http-adapter'
import { LogAdapter } from './log-adapter'
import { envelopeOf } from '../testing/runtime-fixtures'

const envelope = envelopeOf()

let server: http.Server | null = null
afterEach(() => server?.close())

/** A local endpoint answering with the statuses given, in turn (a status of 0 never answers). */
async function endpoint(statuses: number[]) {
  const received: Array<{ auth?: string; key?: string; body: unknown }> = []
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({
        auth: req.headers.authorization,
        key: req.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(body),
      })
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!
      if (status) res.writeHead(status).end()
    })
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/out`, received }
}

it('posts the envelope as JSON with the token and the message id as idempotency key', async () => {
  const { url, received } = await endpoint([200])
  await new HttpAdapter({ url, token: 'tok' }).send(envelope)
  expect(received).toEqual([{ auth: 'Bearer tok', key: 'out_1', body: envelope }])
})

it('makes one attempt and says whether a failure is worth retrying: 5xx and 429 yes, another 4xx no', async () => {
  const { url, received } = await endpoint([503, 429, 400, 404])
  const adapter = new HttpAdapter({ url })
  for (const retry of [true, true, false, false]) {
    await expect(adapter.send(envelope)).rejects.toMatchObject({
      retry,
      message: expect.stringMatching(/the endpoint answered \d{3}/),
    })
  }
  expect(received).toHaveLength(4)
})

it('a refused connection is worth retrying', async () => {
  const { url } = await endpoint([200])
  await new Promise((r) => server!.close(r))
  server = null
  await expect(new HttpAdapter({ url }).send(envelope)).rejects.toMatchObject({
    retry: true,
    message: expect.stringContaining('cannot reach'),
  })
})

it('times out a silent endpoint', async () => {
  const silent = await endpoint([0])
  await expect(new HttpAdapter({ url: silent.url, timeoutMs: 100 }).send(envelope)).rejects.toMatchObject({
    retry: true,
    message: 'no answer within 100 ms',
  })
  server!.closeAllConnections()
})

it('writes one JSON line per message to a file', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-log-')), 'out.jsonl')
  const adapter = new LogAdapter({ file })
  await adapter.send(envelope)
  await adapter.send({ ...envelope, run_id: 'run_2' })
  await adapter.close?.()
  const lines = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as OutboundEnvelope)
  expect(lines.map((l) => l.run_id)).toEqual(['run_1', 'run_2'])
  fs.rmSync(path.dirname(file), { recursive: true })
})
