import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Database, Statement } from 'better-sqlite3'

/** Prefix makes a pasted secret recognisable; 32 random bytes as base64url follow it. */
export const SECRET_PREFIX = 'whsec_'

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url')
}

/** Shows the prefix and the last 4 characters only, e.g. `whsec_••••••••3f9A`. */
export function maskSecret(secret: string): string {
  return `${SECRET_PREFIX}${'•'.repeat(8)}${secret.slice(-4)}`
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest()

// Compared on SHA-256 digests so both sides always have the same length: timingSafeEqual then leaks neither the
// secret's length nor how many leading characters matched.
const UNKNOWN_DIGEST = digest(randomBytes(32).toString('base64url'))

export interface SecretRow {
  flow_id: string
  secret: string
  created_at: number
  rotated_at: number | null
}

/** Per-flow webhook secrets in SQLite. Rotation replaces the row, so the old secret stops matching at once. */
export class SecretStore {
  private readonly sql: Record<'get' | 'insert' | 'rotate', Statement>

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.sql = {
      get: db.prepare('SELECT flow_id, secret, created_at, rotated_at FROM webhook_secrets WHERE flow_id = ?'),
      insert: db.prepare(
        'INSERT INTO webhook_secrets (flow_id, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (flow_id) DO NOTHING',
      ),
      rotate: db.prepare(
        `INSERT INTO webhook_secrets (flow_id, secret, created_at, rotated_at) VALUES (@flowId, @secret, @now, @now)
         ON CONFLICT (flow_id) DO UPDATE SET secret = excluded.secret, rotated_at = excluded.rotated_at`,
      ),
    }
  }

  get(flowId: string): SecretRow | null {
    return (this.sql.get.get(flowId) as SecretRow | undefined) ?? null
  }

  /** The flow's secret, generated on first use. */
  ensure(flowId: string): SecretRow {
    this.sql.insert.run(flowId, generateSecret(), this.now())
    return this.get(flowId)!
  }

  rotate(flowId: string): SecretRow {
    this.sql.rotate.run({ flowId, secret: generateSecret(), now: this.now() })
    return this.get(flowId)!
  }

  /**
   * Whether `provided` is the flow's current secret. A flow without a secret (unknown, or never given one) is
   * compared against a random digest so the answer takes the same time and is the same `false`.
   */
  verify(flowId: string, provided: string): boolean {
    const row = this.get(flowId)
    const expected = row ? digest(row.secret) : UNKNOWN_DIGEST
    return timingSafeEqual(digest(provided), expected) && row !== null
  }
}
