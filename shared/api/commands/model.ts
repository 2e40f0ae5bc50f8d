import { z } from 'zod'
import { returns } from '../define'

// The optional model provider (docs/integrations.md, "Model provider"): an OpenAI-compatible chat endpoint that
// Intent and Extract nodes set to `provider: model` ask. Its API key is written, never read back: the studio keeps
// it encrypted like a production server's key and says only whether one is saved.

export interface ModelSettingsView {
  configured: boolean
  baseUrl: string
  model: string
  /** A key is saved (its value is never sent to the window). */
  hasKey: boolean
  /** Where keys are kept, in a sentence (as the Publish dialog says it). */
  keyStorage: string
}

export interface ModelTestResult {
  ok: boolean
  /** The endpoint's host, the name traces and recordings use. */
  provider: string
  model: string
  /** model_unavailable, model_timeout, model_error, model_invalid when it failed. */
  code?: string
  message: string
}

const BaseUrl = z.string().trim().min(1, 'Enter the base URL, e.g. http://127.0.0.1:11434/v1').max(500)
const Model = z.string().trim().min(1, 'Enter the model, e.g. llama3.2').max(200)
/** Omitted: keep the saved key; '': remove it. */
const Key = z.string().max(1000).optional()

export const modelCommands = {
  'model.settings.get': { req: z.object({}), res: returns<ModelSettingsView>() },
  'model.settings.save': {
    req: z.object({ baseUrl: BaseUrl, model: Model, key: Key }),
    res: returns<ModelSettingsView>(),
  },
  'model.settings.clear': { req: z.object({}), res: returns<ModelSettingsView>() },
  /** Asks the endpoint a one-line question; with no fields, the saved settings; `key` omitted: the saved key. */
  'model.test': {
    req: z.object({ baseUrl: BaseUrl.optional(), model: Model.optional(), key: Key }),
    res: returns<ModelTestResult>(),
  },
}
