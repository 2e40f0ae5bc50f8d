// The model provider of hosts without a Settings screen (`chatflow serve`, `chatflow test --record`): three
// environment variables. The key comes only from the environment or a file (CHATFLOW_MODEL_API_KEY_FILE, a Docker
// or systemd secret), never a flag, which anyone who may list processes could read (docs/runtime.md).
import fs from 'node:fs'
import { checkBaseUrl, type ModelProviderConfig } from './model-provider'

export const MODEL_ENV = {
  baseUrl: 'CHATFLOW_MODEL_BASE_URL',
  model: 'CHATFLOW_MODEL',
  apiKey: 'CHATFLOW_MODEL_API_KEY',
} as const

/** Bad model settings in the environment: the message names the variable, never a key's value. */
export class ModelSettingsError extends Error {
  readonly code = 'bad_model_settings'
}

/** The provider the environment sets up, or null when CHATFLOW_MODEL_BASE_URL is unset (the provider is optional). */
export function modelConfigFromEnv(env: NodeJS.ProcessEnv): ModelProviderConfig | null {
  const baseUrl = env[MODEL_ENV.baseUrl]?.trim()
  if (!baseUrl) {
    if (env[MODEL_ENV.model]?.trim())
      throw new ModelSettingsError(`${MODEL_ENV.model} is set but ${MODEL_ENV.baseUrl} is not: set both, or neither.`)
    return null
  }
  const bad = checkBaseUrl(baseUrl)
  if (bad) throw new ModelSettingsError(`${MODEL_ENV.baseUrl}: ${bad}`)
  const model = env[MODEL_ENV.model]?.trim()
  if (!model) throw new ModelSettingsError(`${MODEL_ENV.baseUrl} is set: name the model in ${MODEL_ENV.model} too.`)
  const apiKey = keyOf(env)
  return { baseUrl, model, ...(apiKey ? { apiKey } : {}) }
}

function keyOf(env: NodeJS.ProcessEnv): string | undefined {
  const name = MODEL_ENV.apiKey
  const file = env[`${name}_FILE`]
  let value = env[name]
  if (file) {
    try {
      value = fs.readFileSync(file, 'utf8')
    } catch (err) {
      throw new ModelSettingsError(
        `${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)}).`,
      )
    }
  }
  const key = value?.trim()
  if (key && /\s/.test(key))
    throw new ModelSettingsError(
      `${file ? `${name}_FILE's content` : name} holds a space or line break: a comment in an environment file goes on a line of its own.`,
    )
  return key || undefined
}
