import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Database, Statement } from 'better-sqlite3'

/** Prefix makes a pasted secret recognisable; 32 random bytes as base64url follow it. */
export const SECRET_PREFIX = 'whsec_'

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url')
}

/** Shows the prefix and the secret's last 4 characters only (kept as `hint`), e.g. `whsec_••••••••3f9A`. */
export function maskSecret(hint: string): string {
  return `${SECRET_PREFIX}${'•'.repeat(8)}${hint}`
}

export const hintOf = (secret: string): string => secret.slice(-4)

// Only comparison needs the stored secret, so only its SHA-256 digest is stored (`sha256:<hex>`), as the channel's
// own apps keep keys: shown once when made, never again. The secret is 32 random bytes, so a fast digest is enough:
// a slow password hash guards guessable inputs, and there is nothing here to guess.
export const HASH_PREFIX = 'sha256:'

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest()

export function hashSecret(secret: string): string {
  return HASH_PREFIX + digest(secret).toString('hex')
}

// The digest a stored value stands for. A value without the prefix is a secret stored whole by an older version
// that no migration has reached yet; it is still compared (on its digest) so its callers keep working.
// Both sides are always 32-byte digests: timingSafeEqual then leaks neither the secret's length nor how many
// leading characters matched, and a flow without a secret is compared against a random digest in the same time.
const UNKNOWN_DIGEST = digest(randomBytes(32).toString('base64url'))

export function expectedDigest(stored: string | null): Buffer {
  if (stored === null) return UNKNOWN_DIGEST
  if (stored.startsWith(HASH_PREFIX)) {
    const hex = stored.slice(HASH_PREFIX.length)
    if (/^[0-9a-f]{64}$/.test(hex)) return Buffer.from(hex, 'hex')
  }
  return digest(stored)
}

/** Whether `provided` is the secret behind `stored` (null: the flow has none); constant time in both cases. */
export function verifyStoredSecret(provided: string, stored: string | null): boolean {
  return timingSafeEqual(digest(provided), expectedDigest(stored)) && stored !== null
}

export interface SecretRow {
  flow_id: string
  /** `sha256:<hex>` of the secret. */
  secret: string
  /** The secret's last 4 characters, for the masked form. */
  hint: string
  created_at: number
  rotated_at: number | null
}

/** A secret as made: `secret` is the whole key, which exists only in this answer and is never stored. */
export interface MadeSecret {
  row: SecretRow
  /** Set when this call made the secret (the one time it can be shown); null when the flow already had one. */
  secret: string | null
}

/** Per-flow webhook secrets in SQLite. Rotation replaces the row, so the old secret stops matching at once. */
export class SecretStore {
  private readonly sql: Record<'get' | 'insert' | 'rotate', Statement>

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.sql = {
      get: db.prepare('SELECT flow_id, secret, hint, created_at, rotated_at FROM webhook_secrets WHERE flow_id = ?'),
      insert: db.prepare(
        `INSERT INTO webhook_secrets (flow_id, secret, hint, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (flow_id) DO NOTHING`,
      ),
      rotate: db.prepare(
        `INSERT INTO webhook_secrets (flow_id, secret, hint, created_at, rotated_at)
         VALUES (@flowId, @secret, @hint, @now, @now)
         ON CONFLICT (flow_id) DO UPDATE SET secret = excluded.secret, hint = excluded.hint,
           rotated_at = excluded.rotated_at`,
      ),
    }
  }

  get(flowId: string): SecretRow | null {
    return (this.sql.get.get(flowId) as SecretRow | undefined) ?? null
  }

  /** The flow's secret row, made on first use; the whole secret comes back only from the call that made it. */
  ensure(flowId: string): MadeSecret {
    const secret = generateSecret()
    const made = this.sql.insert.run(flowId, hashSecret(secret), hintOf(secret), this.now()).changes > 0
    return { row: this.get(flowId)!, secret: made ? secret : null }
  }

  rotate(flowId: string): { row: SecretRow; secret: string } {
    const secret = generateSecret()
    this.sql.rotate.run({ flowId, secret: hashSecret(secret), hint: hintOf(secret), now: this.now() })
    return { row: this.get(flowId)!, secret }
  }

  /** Sets a secret an import brings: its digest, or (from an older studio) the secret itself, hashed here. */
  set(flowId: string, secretOrDigest: string): void {
    const digested = secretOrDigest.startsWith(HASH_PREFIX)
    this.sql.rotate.run({
      flowId,
      secret: digested ? secretOrDigest : hashSecret(secretOrDigest),
      hint: digested ? '' : hintOf(secretOrDigest),
      now: this.now(),
    })
  }

  /**
   * Whether `provided` is the flow's current secret. A flow without a secret (unknown, or never given one) is
   * compared against a random digest so the answer takes the same time and is the same `false`.
   */
  verify(flowId: string, provided: string): boolean {
    return verifyStoredSecret(provided, this.get(flowId)?.secret ?? null)
  }
}
