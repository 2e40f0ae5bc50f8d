// The channel's encryption of a Chat Flow endpoint exchange (docs/integrations.md, Chat Flow): a fresh AES-128-GCM key per
// request, wrapped with the endpoint's RSA public key (OAEP, SHA-256); the reply is encrypted by the endpoint with
// the same key under the request's IV with every bit inverted. The GCM tag is the last 16 bytes of each ciphertext.
import crypto from 'node:crypto'

const TAG_BYTES = 16

export interface EncryptedRequest {
  body: { encrypted_flow_data: string; encrypted_aes_key: string; initial_vector: string }
  /** Kept by the caller to read the reply. */
  aesKey: Buffer
  iv: Buffer
}

export function encryptRequest(payload: unknown, publicKeyPem: string): EncryptedRequest {
  const aesKey = crypto.randomBytes(16)
  const iv = crypto.randomBytes(16)
  const cipher = crypto.createCipheriv('aes-128-gcm', aesKey, iv)
  const data = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final(), cipher.getAuthTag()])
  const wrapped = crypto.publicEncrypt(
    { key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  )
  return {
    body: {
      encrypted_flow_data: data.toString('base64'),
      encrypted_aes_key: wrapped.toString('base64'),
      initial_vector: iv.toString('base64'),
    },
    aesKey,
    iv,
  }
}

export const invertIv = (iv: Buffer): Buffer => Buffer.from(iv.map((b) => b ^ 0xff))

/** Reads the endpoint's base64 reply; throws when it was not encrypted with this request's key (or was altered). */
export function decryptResponse(base64: string, aesKey: Buffer, iv: Buffer): unknown {
  const bytes = Buffer.from(base64.trim(), 'base64')
  if (bytes.length <= TAG_BYTES) throw new Error('the reply is too short to be an encrypted response')
  const decipher = crypto.createDecipheriv('aes-128-gcm', aesKey, invertIv(iv))
  decipher.setAuthTag(bytes.subarray(-TAG_BYTES))
  const text = Buffer.concat([decipher.update(bytes.subarray(0, -TAG_BYTES)), decipher.final()]).toString('utf8')
  return JSON.parse(text)
}

// The endpoint's side, as Meta's example endpoint does it: for the tests' local endpoint and for anyone writing one.
export function decryptRequest(
  body: EncryptedRequest['body'],
  privateKeyPem: string,
): { payload: unknown; aesKey: Buffer; iv: Buffer } {
  const aesKey = crypto.privateDecrypt(
    { key: privateKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(body.encrypted_aes_key, 'base64'),
  )
  const iv = Buffer.from(body.initial_vector, 'base64')
  const data = Buffer.from(body.encrypted_flow_data, 'base64')
  const decipher = crypto.createDecipheriv('aes-128-gcm', aesKey, iv)
  decipher.setAuthTag(data.subarray(-TAG_BYTES))
  const text = Buffer.concat([decipher.update(data.subarray(0, -TAG_BYTES)), decipher.final()]).toString('utf8')
  return { payload: JSON.parse(text), aesKey, iv }
}

export function encryptResponse(payload: unknown, aesKey: Buffer, iv: Buffer): string {
  const cipher = crypto.createCipheriv('aes-128-gcm', aesKey, invertIv(iv))
  return Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  )
}
