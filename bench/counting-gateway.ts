// What the runtime benchmarks share: a channel gateway on loopback that takes every message (the outbox marks it
// sent) and counts them, and a process's resident memory read from /proc.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export async function countingGateway(): Promise<{ url: string; received: () => number; close: () => void }> {
  let received = 0
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received++
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    received: () => received,
    close: () => server.close(),
  }
}

/** Resident memory of a process in MiB (Linux). */
export const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
