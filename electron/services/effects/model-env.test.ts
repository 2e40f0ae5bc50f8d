import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { modelConfigFromEnv, ModelSettingsError } from './model-env'

describe('the model provider from the environment (chatflow serve, chatflow test --record)', () => {
  it('is absent unless the base URL is set', () => {
    expect(modelConfigFromEnv({})).toBeNull()
  })

  it('reads base URL, model and key, the key also from a file', () => {
    expect(
      modelConfigFromEnv({ CHATFLOW_MODEL_BASE_URL: 'http://127.0.0.1:11434/v1', CHATFLOW_MODEL: 'llama3.2' }),
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-model-env-'))
    const file = path.join(dir, 'key')
    fs.writeFileSync(file, 'sk-from-file\n')
    expect(
      modelConfigFromEnv({
        CHATFLOW_MODEL_BASE_URL: 'https://api.openai.com/v1',
        CHATFLOW_MODEL: 'gpt-4o-mini',
        CHATFLOW_MODEL_API_KEY: 'ignored',
        CHATFLOW_MODEL_API_KEY_FILE: file,
      }),
    ).toEqual({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-from-file' })
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it.each([
    [{ CHATFLOW_MODEL: 'm' }, 'CHATFLOW_MODEL_BASE_URL is not'],
    [{ CHATFLOW_MODEL_BASE_URL: 'http://127.0.0.1:11434/v1' }, 'name the model in CHATFLOW_MODEL'],
    [{ CHATFLOW_MODEL_BASE_URL: '127.0.0.1:11434', CHATFLOW_MODEL: 'm' }, 'CHATFLOW_MODEL_BASE_URL: '],
    [
      { CHATFLOW_MODEL_BASE_URL: 'http://h/v1', CHATFLOW_MODEL: 'm', CHATFLOW_MODEL_API_KEY: 'sk-1 # my key' },
      'CHATFLOW_MODEL_API_KEY holds a space',
    ],
    [
      { CHATFLOW_MODEL_BASE_URL: 'http://h/v1', CHATFLOW_MODEL: 'm', CHATFLOW_MODEL_API_KEY_FILE: '/nonexistent/k' },
      'CHATFLOW_MODEL_API_KEY_FILE: cannot read /nonexistent/k (ENOENT)',
    ],
  ])('refuses %j naming the variable', (env, message) => {
    let err: unknown
    try {
      modelConfigFromEnv(env)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ModelSettingsError)
    expect((err as Error).message).toContain(message)
    expect((err as Error).message).not.toContain('sk-1')
  })
})
