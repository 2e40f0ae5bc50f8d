// How publish API keys are kept: encrypted with a key outside the database (issue 39). Electron's main process
// installs a protector over safeStorage (the OS keychain) with setKeyProtector(); every other host (and a desktop
// whose keychain is unavailable) encrypts with the data folder's secrets key (key-file.ts). 'plain' is what older
// versions stored on those hosts: still read, and encrypted when the studio starts (servers.ts, reprotect).
export interface KeyProtector {
  readonly kind: 'safeStorage' | 'keyFile' | 'plain'
  protect(key: string): string
  reveal(stored: string): string
}

export const PLAIN_KEYS: KeyProtector = { kind: 'plain', protect: (k) => k, reveal: (s) => s }

let current: KeyProtector | null = null

/** Called once by a host that has an OS key store (Electron: safeStorage.encryptString / decryptString). */
export function setKeyProtector(protector: KeyProtector | null): void {
  current = protector
}

/** The OS key store's protector, when this host installed one. */
export function keyProtector(): KeyProtector | null {
  return current
}

export function describeKeyStorage(kind: KeyProtector['kind'], where: string): string {
  return kind === 'safeStorage'
    ? "Kept encrypted with the operating system's key store (Electron safeStorage)."
    : `Kept encrypted in the studio database, with a key kept outside it (${where}, readable by you only).`
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
