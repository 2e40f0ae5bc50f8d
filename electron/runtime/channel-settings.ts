// `chatflow serve --channel cloud-api`: the Cloud API's settings, from flags and the environment (docs/deploy.md).
// Secrets (the access token, the app secret, the verify token) come only from the environment or from a file
// named there (`…_FILE`, e.g. a Docker or systemd secret): a flag would show them to anyone who can list processes.
// A token file is read again when the channel refuses the token, so a rotated token is picked up without a restart.
import fs from 'node:fs'
import type { TokenSource } from './adapters/cloud-api'

export const DEFAULT_CLOUD_API_URL = 'https://graph.facebook.com'
/** The Graph API version sent in every URL unless CHATFLOW_CLOUD_API_VERSION says otherwise (released 2026-02-18). */
export const DEFAULT_CLOUD_API_VERSION = 'v25.0'

export type ChannelKind = 'log' | 'http' | 'cloud-api'

export interface CloudApiConfig {
  baseUrl: string
  version: string
  phoneNumberId: string
  token: TokenSource
  /** The webhook's checks: HMAC key of X-Hub-Signature-256, and the token of the GET verification. */
  appSecret: string
  verifyToken: string
}

export interface ChannelFlags {
  channel?: string
  cloudApiUrl?: string
  cloudApiVersion?: string
  phoneNumberId?: string
}

export class ChannelSettingsError extends Error {}

/**
 * Refuses a key or secret with a space or line break inside. None of the channel's tokens and secrets has one, and
 * systemd's EnvironmentFile and `docker run --env-file` keep a comment written after a value as part of it: without
 * this check such a token would be sent to the channel (and refused) and such a secret would fail every signature.
 * The message names the setting, never the value.
 */
export function refuseSpaces(name: string, value: string): string {
  if (/\s/.test(value))
    throw new ChannelSettingsError(
      `${name} holds a space or line break: a comment in an environment file goes on a line of its own`,
    )
  return value
}

/** A secret from NAME, or from the file NAME_FILE names (trimmed); undefined when neither is set. */
export function readSecret(env: NodeJS.ProcessEnv, name: string): { value: string; file?: string } | undefined {
  const file = env[`${name}_FILE`]
  if (file) {
    try {
      return { value: refuseSpaces(`${name}_FILE's content`, fs.readFileSync(file, 'utf8').trim()), file }
    } catch (err) {
      if (err instanceof ChannelSettingsError) throw err
      throw new ChannelSettingsError(
        `${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      )
    }
  }
  const value = env[name]
  return value === undefined ? undefined : { value: refuseSpaces(name, value.trim()) }
}

function tokenSource(env: NodeJS.ProcessEnv): TokenSource {
  const first = readSecret(env, 'CHATFLOW_CLOUD_API_TOKEN')
  if (!first?.value)
    throw new ChannelSettingsError(
      '--channel cloud-api needs the access token in CHATFLOW_CLOUD_API_TOKEN (or a file named by CHATFLOW_CLOUD_API_TOKEN_FILE)',
    )
  let token = first.value
  const file = first.file
  return {
    current: () => token,
    reload: file
      ? () => {
          try {
            token = fs.readFileSync(file, 'utf8').trim() || token
          } catch {
            // The file is being replaced, or gone: keep the token held; the next refusal tries again.
          }
        }
      : undefined,
  }
}

/** Which adapter: --channel (CHATFLOW_CHANNEL), else http when an outbound URL is given, else log. */
export function channelKind(flags: ChannelFlags, env: NodeJS.ProcessEnv, outboundUrl: string | undefined): ChannelKind {
  const kind = flags.channel ?? env.CHATFLOW_CHANNEL ?? (outboundUrl ? 'http' : 'log')
  if (kind !== 'log' && kind !== 'http' && kind !== 'cloud-api')
    throw new ChannelSettingsError(`--channel must be log, http or cloud-api, not '${kind}'`)
  if (kind === 'cloud-api' && outboundUrl)
    throw new ChannelSettingsError(
      '--channel cloud-api sends to the Cloud API itself: drop --outbound-url (CHATFLOW_OUTBOUND_URL)',
    )
  if (kind === 'http' && !outboundUrl)
    throw new ChannelSettingsError('--channel http needs --outbound-url (or CHATFLOW_OUTBOUND_URL)')
  return kind
}

/** Everything --channel cloud-api needs; throws ChannelSettingsError naming what is missing or wrong. */
export function cloudApiConfig(flags: ChannelFlags, env: NodeJS.ProcessEnv = process.env): CloudApiConfig {
  const baseUrl = flags.cloudApiUrl ?? env.CHATFLOW_CLOUD_API_URL ?? DEFAULT_CLOUD_API_URL
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new ChannelSettingsError(`the Cloud API URL is not a URL: '${baseUrl}'`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ChannelSettingsError(`the Cloud API URL must be http or https, not ${url.protocol}`)
  const version = flags.cloudApiVersion ?? env.CHATFLOW_CLOUD_API_VERSION ?? DEFAULT_CLOUD_API_VERSION
  if (!/^v\d{1,3}\.\d{1,3}$/.test(version))
    throw new ChannelSettingsError(`the Cloud API version looks like v25.0, not '${version}'`)
  const phoneNumberId = flags.phoneNumberId ?? env.CHATFLOW_CLOUD_PHONE_NUMBER_ID
  if (!phoneNumberId)
    throw new ChannelSettingsError(
      "--channel cloud-api needs the business number's id: --cloud-phone-number-id or CHATFLOW_CLOUD_PHONE_NUMBER_ID",
    )
  if (!/^\d{1,30}$/.test(phoneNumberId))
    throw new ChannelSettingsError(`the phone number id is the digits the app settings show, not '${phoneNumberId}'`)
  const token = tokenSource(env)
  const appSecret = readSecret(env, 'CHATFLOW_CLOUD_APP_SECRET')?.value
  if (!appSecret)
    throw new ChannelSettingsError(
      "--channel cloud-api needs the app secret (it checks the webhook's signatures): CHATFLOW_CLOUD_APP_SECRET or CHATFLOW_CLOUD_APP_SECRET_FILE",
    )
  const verifyToken = readSecret(env, 'CHATFLOW_CLOUD_VERIFY_TOKEN')?.value
  if (!verifyToken)
    throw new ChannelSettingsError(
      '--channel cloud-api needs the webhook verify token you chose: CHATFLOW_CLOUD_VERIFY_TOKEN or CHATFLOW_CLOUD_VERIFY_TOKEN_FILE',
    )
  if (verifyToken.length < 8) throw new ChannelSettingsError('the webhook verify token must be at least 8 characters')
  return { baseUrl, version, phoneNumberId, token, appSecret, verifyToken }
}
