// The studio's model provider settings (Settings → Model provider): base URL, model and API key, one row of the
// settings table. The key is kept as production servers' keys are (publish/key-file.ts: the OS keychain in Electron,
// else AES-256-GCM under the data folder's secrets key, 0600), is never sent back to a window, and the row's key in
// the table has a '/', which the generic settings.get / settings.set commands refuse, so no window can read it.
import type { Database } from 'better-sqlite3'
import { z } from 'zod'
import type { ModelSettingsView, ModelTestResult } from '../../../shared/api/commands/model'
import { ModelError, type ModelEffect, type ModelRequest } from '../../../shared/engine/effects'
import { ApiFailure } from '../../services/failure'
import {
  checkBaseUrl,
  createModelProvider,
  providerName,
  type ModelProviderConfig,
} from '../../services/effects/model-provider'
import { readSetting, writeSetting } from '../../services/settings/saved'
import type { ServiceFactory } from '../handlers/types'
import { describeKeyStorage } from '../publish/key-protector'
import { publishKeys, type PublishKeys } from '../publish/key-file'

export const MODEL_SETTING = 'private/model.provider'

const SavedSchema = z.object({
  baseUrl: z.string(),
  model: z.string(),
  key: z.string().optional(),
  keyStorage: z.enum(['safeStorage', 'keyFile', 'plain']).optional(),
})
type Saved = z.infer<typeof SavedSchema>

/** The one-line question "Test connection" asks: any server that follows the schema can answer it. */
export const CONNECTION_CHECK: Omit<ModelRequest, 'timeoutMs'> = {
  purpose: 'intent',
  messages: [
    { role: 'system', content: 'You check that a connection works. Answer with the JSON object {"ok": true}.' },
    { role: 'user', content: 'Are you there?' },
  ],
  schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false },
}
const CHECK_TIMEOUT_MS = 20_000

export class ModelSettings {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private readonly keys: PublishKeys,
  ) {}

  private saved(): Saved | undefined {
    return readSetting(this.db, MODEL_SETTING, SavedSchema, 'model provider settings')
  }

  view(): ModelSettingsView {
    const s = this.saved()
    return {
      configured: !!s,
      baseUrl: s?.baseUrl ?? '',
      model: s?.model ?? '',
      hasKey: !!s?.key,
      keyStorage: describeKeyStorage(this.keys.current().kind, this.keys.where()),
    }
  }

  save(input: { baseUrl: string; model: string; key?: string }): ModelSettingsView {
    const bad = checkBaseUrl(input.baseUrl)
    if (bad) throw new ApiFailure('bad_request', bad)
    const old = this.safeSaved()
    const value: Saved = { baseUrl: input.baseUrl, model: input.model }
    if (input.key) {
      const p = this.keys.current()
      Object.assign(value, { key: p.protect(input.key), keyStorage: p.kind })
    } else if (input.key === undefined && old?.key) {
      // A saved key stays with the endpoint it was typed for: moving to another host drops it.
      if (sameEndpoint(old.baseUrl, input.baseUrl)) Object.assign(value, { key: old.key, keyStorage: old.keyStorage })
    }
    writeSetting(this.db, MODEL_SETTING, value, this.now())
    return this.view()
  }

  clear(): ModelSettingsView {
    this.db.prepare('DELETE FROM settings WHERE key = ?').run(MODEL_SETTING)
    return this.view()
  }

  /** The saved settings with the key revealed, or null when none are saved. */
  config(): ModelProviderConfig | null {
    const s = this.saved()
    if (!s) return null
    return { baseUrl: s.baseUrl, model: s.model, ...(s.key ? { apiKey: this.reveal(s) } : {}) }
  }

  /**
   * The emulator's model effect: it reads the settings on every call, so a change in Settings applies to the next
   * message without restarting anything; with nothing set up the node fails with model_unavailable, saying where.
   */
  effect(): ModelEffect {
    return {
      complete: async (req) => {
        let config: ModelProviderConfig | null
        try {
          config = this.config()
        } catch (err) {
          throw new ModelError('model_unavailable', err instanceof Error ? err.message : String(err))
        }
        if (!config)
          throw new ModelError(
            'model_unavailable',
            'No model provider is set up: add one in Settings → Model provider, or use the offline provider.',
          )
        return createModelProvider(config).complete(req)
      },
    }
  }

  /** "Test connection": the given fields (unsaved edits) over the saved ones. */
  async test(input: { baseUrl?: string; model?: string; key?: string }): Promise<ModelTestResult> {
    const saved = this.safeSaved()
    const baseUrl = input.baseUrl ?? saved?.baseUrl ?? ''
    const model = input.model ?? saved?.model ?? ''
    const provider = providerName(baseUrl)
    const result = (code: string | undefined, message: string): ModelTestResult => ({
      ok: code === undefined,
      provider,
      model,
      ...(code ? { code } : {}),
      message,
    })
    if (!baseUrl || !model) return result('model_unavailable', 'Enter the base URL and the model first.')
    let apiKey = input.key || undefined
    if (input.key === undefined && saved?.key && sameEndpoint(saved.baseUrl, baseUrl)) {
      try {
        apiKey = this.reveal(saved)
      } catch (err) {
        return result('model_unavailable', err instanceof Error ? err.message : String(err))
      }
    }
    try {
      const answer = await createModelProvider({ baseUrl, model, apiKey }).complete({
        ...CONNECTION_CHECK,
        timeoutMs: CHECK_TIMEOUT_MS,
      })
      return result(undefined, `Connected: ${answer.model} at ${answer.provider} answered with JSON that fits.`)
    } catch (err) {
      if (err instanceof ModelError) return result(err.code, err.message)
      throw err
    }
  }

  private reveal(s: Saved): string {
    const reader = this.keys.reader(s.keyStorage ?? 'plain')
    if (!reader)
      throw new ApiFailure(
        'unavailable',
        "The model provider's API key was saved with the desktop app's key store, which this host cannot read. " +
          'Enter the key again in Settings → Model provider.',
      )
    return reader.reveal(s.key!)
  }

  /** The saved settings, or undefined when there are none or they cannot be read (a save replaces them). */
  private safeSaved(): Saved | undefined {
    try {
      return this.saved()
    } catch {
      return undefined
    }
  }
}

function sameEndpoint(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin
  } catch {
    return false
  }
}

export const modelSettings: ServiceFactory<ModelSettings> = (ctx) =>
  new ModelSettings(ctx.db, () => ctx.now(), publishKeys(ctx.dataDir, ctx.log))
