// The log adapter: one JSON line per outbound message, to stdout or appended to a file. For a first deployment,
// for audits, and as the runtime's default (nothing leaves the machine until a channel endpoint is configured).
import fs from 'node:fs'
import type { ChannelAdapter, OutboundEnvelope } from './adapter'

export class LogAdapter implements ChannelAdapter {
  readonly name = 'log'
  private readonly write: (line: string) => void

  /** `file`: append to this file; otherwise `out` (default: stdout). */
  constructor(opts: { file?: string; out?: (line: string) => void } = {}) {
    if (opts.file) {
      const fd = fs.openSync(opts.file, 'a')
      this.write = (line) => fs.writeSync(fd, line)
      this.close = async () => fs.closeSync(fd)
    } else {
      const out = opts.out ?? ((line: string) => void process.stdout.write(line))
      this.write = out
    }
  }

  close?: () => Promise<void>

  async send(envelope: OutboundEnvelope): Promise<void> {
    this.write(`${JSON.stringify(envelope)}\n`)
  }
}

/** Keeps what was sent in memory, for tests that compare transcripts. */
export class MemoryAdapter implements ChannelAdapter {
  readonly name = 'memory'
  readonly sent: OutboundEnvelope[] = []

  async send(envelope: OutboundEnvelope): Promise<void> {
    this.sent.push(envelope)
  }

  /** What one contact received, in order. */
  to(phone: string): OutboundEnvelope[] {
    return this.sent.filter((e) => e.to === phone)
  }
}
