// Publish keys must be read back (they go in the Authorization header), so they are encrypted rather than hashed,
// with a key kept outside the database: where Electron's safeStorage (the OS keychain) is not available — the
// browser host, the CLI, a desktop without a keyring — that key is CHATFLOW_SECRETS_KEY (32 bytes, base64 or hex;
// for a deployment that keeps keys in its secret store) or else the file `secrets.key` in the data folder, made
// 0600 on first use. A copy of studio.sqlite alone (a backup, a file sent for support) then holds no usable key.
// AES-256-GCM: a key or ciphertext that was changed fails to decrypt instead of giving a wrong key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { ApiFailure } from '../../services/failure'
import { tightenFile, writePrivateFile, type PermissionNotice } from '../../services/db/private-files'
import { keyProtector, PLAIN_KEYS, type KeyProtector } from './key-protector'

export const SECRETS_KEY_FILE = 'secrets.key'
export const SECRETS_KEY_ENV = 'CHATFLOW_SECRETS_KEY'
const FORMAT = 'v1'

function parseKey(text: string): Buffer | null {
  const t = text.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64url')
  return key.length === 32 && (/^[0-9a-fA-F]{64}$/.test(t) || /^[A-Za-z0-9+/_-]{43}=?$/.test(t)) ? key : null
}

/** The key behind 'keyFile' publish keys of `dataDir`: the variable when set, else the file (made when missing). */
export function loadSecretsKey(dataDir: string, env: NodeJS.ProcessEnv, notice: PermissionNotice): Buffer {
  const given = env[SECRETS_KEY_ENV]
  if (given !== undefined && given !== '') {
    const key = parseKey(given)
    if (!key)
      throw new ApiFailure(
        'bad_setting',
        `${SECRETS_KEY_ENV} must be 32 random bytes in base64 or hex (e.g. the output of: openssl rand -base64 32).`,
      )
    return key
  }
  const file = path.join(dataDir, SECRETS_KEY_FILE)
  tightenFile(file, notice)
  try {
    const key = parseKey(fs.readFileSync(file, 'utf8'))
    if (key) return key
    throw new ApiFailure(
      'bad_setting',
      `${file} does not hold a key (32 bytes in base64). Restore it from a backup; or move it aside, then enter ` +
        "each production server's API key again.",
    )
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const key = randomBytes(32)
  writePrivateFile(file, `${key.toString('base64url')}\n`)
  return key
}

/** A protector over `loadSecretsKey`, read on first use so a bad variable fails the publish call, not the studio. */
export function keyFileProtector(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  notice: PermissionNotice = () => {},
): KeyProtector {
  let key: Buffer | undefined
  const secretsKey = () => (key ??= loadSecretsKey(dataDir, env, notice))
  const where = () => (env[SECRETS_KEY_ENV] ? SECRETS_KEY_ENV : path.join(dataDir, SECRETS_KEY_FILE))
  return {
    kind: 'keyFile',
    protect(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', secretsKey(), iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [FORMAT, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    reveal(stored) {
      const [format, iv, tag, data] = stored.split('.')
      try {
        if (format !== FORMAT || !iv || !tag || data === undefined) throw new Error('not a key this studio wrote')
        const decipher = createDecipheriv('aes-256-gcm', secretsKey(), Buffer.from(iv, 'base64url'))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
      } catch (err) {
        if (err instanceof ApiFailure) throw err
        throw new ApiFailure(
          'unavailable',
          `The saved API key cannot be decrypted with this studio's secrets key (${where()}): the key changed or ` +
            "the saved value was damaged. Enter the server's API key again.",
        )
      }
    },
  }
}

/** Which protector saves new publish keys, and which reads a key by how it was saved. */
export interface PublishKeys {
  current(): KeyProtector
  /** Null when this host cannot read that kind (a key sealed by Electron's safeStorage, read elsewhere). */
  reader(kind: KeyProtector['kind']): KeyProtector | null
  /** Where the key of 'keyFile' keys is, for the settings screen. */
  where(): string
}

/** The OS key store where the host installed one (Electron), else the data folder's secrets key. */
export function publishKeys(
  dataDir: string,
  notice: PermissionNotice,
  env: NodeJS.ProcessEnv = process.env,
): PublishKeys {
  const file = keyFileProtector(dataDir, env, notice)
  return {
    current: () => keyProtector() ?? file,
    reader: (kind) => (kind === 'plain' ? PLAIN_KEYS : kind === 'keyFile' ? file : keyProtector()),
    where: () => (env[SECRETS_KEY_ENV] ? SECRETS_KEY_ENV : path.join(dataDir, SECRETS_KEY_FILE)),
  }
}
