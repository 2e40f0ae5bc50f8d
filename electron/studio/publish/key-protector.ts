// How publish API keys are kept. Electron's main process installs a protector over safeStorage (OS key store)
// with setKeyProtector(); the browser host and the CLI keep the key as typed in the studio database and say so.
export interface KeyProtector {
  readonly kind: 'safeStorage' | 'plain'
  protect(key: string): string
  reveal(stored: string): string
}

export const PLAIN_KEYS: KeyProtector = { kind: 'plain', protect: (k) => k, reveal: (s) => s }

let current: KeyProtector = PLAIN_KEYS

/** Called once by a host that has an OS key store (Electron: safeStorage.encryptString / decryptString). */
export function setKeyProtector(protector: KeyProtector): void {
  current = protector
}

export function keyProtector(): KeyProtector {
  return current
}

export function describeKeyStorage(kind: KeyProtector['kind'], dbFile: string): string {
  return kind === 'safeStorage'
    ? "Kept encrypted with the operating system's key store (Electron safeStorage)."
    : `Kept unencrypted in the studio database (${dbFile}): this host has no OS key store. Protect that file.`
}

/** The shape of Electron's safeStorage this needs (kept structural so electron/studio never imports electron). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(encrypted: Buffer): string
}

/** Electron main: `setKeyProtector(safeStorageProtector(safeStorage))` once the app is ready. Null when unavailable. */
export function safeStorageProtector(safe: SafeStorageLike): KeyProtector | null {
  if (!safe.isEncryptionAvailable()) return null
  return {
    kind: 'safeStorage',
    protect: (key) => safe.encryptString(key).toString('base64'),
    reveal: (stored) => safe.decryptString(Buffer.from(stored, 'base64')),
  }
}
