// Webhook secrets compared as the studio compares them (electron/studio/webhook/secrets.ts): on SHA-256 digests,
// in constant time, with a random digest standing in for a flow that has no secret.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest()
const UNKNOWN = digest(randomBytes(32).toString('base64url'))

export function verifyDigest(provided: string, secret: string | null): boolean {
  return timingSafeEqual(digest(provided), secret === null ? UNKNOWN : digest(secret)) && secret !== null
}
