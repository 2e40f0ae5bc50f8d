// The studio's real effects, for every host that runs flows against the local database (emulator, webhook, CLI,
// manual trigger). Pass the result as RunService's `effects`.
import type { Database } from 'better-sqlite3'
import { createEffects, type Effects, type ModelEffect } from '../../../shared/engine/effects'
import { ContactStore } from '../runs/contacts'
import { CatalogStore, createCatalogueEffect } from './catalog-store'
import { createContactsEffect } from './contacts'
import { createHttpEffect, type HttpEffectOptions } from './http'
import { createScriptEffect, type ScriptLimits } from './script'
import { TemplateStore, createTemplatesEffect } from './template-store'

export interface StudioEffectsOptions {
  now?: () => number
  http?: HttpEffectOptions
  script?: Partial<ScriptLimits>
  /** The model provider, when the host has one set up (Intent and Extract nodes with `provider: model`). */
  model?: ModelEffect
}

export function createStudioEffects(db: Database, options: StudioEffectsOptions = {}): Effects {
  const now = options.now ?? Date.now
  return createEffects({
    clock: { now },
    http: createHttpEffect(options.http),
    script: createScriptEffect(options.script),
    contacts: createContactsEffect(new ContactStore(db, now)),
    templates: createTemplatesEffect(new TemplateStore(db, now)),
    catalogue: createCatalogueEffect(new CatalogStore(db, now)),
    ...(options.model ? { model: options.model } : {}),
  })
}

export { createHttpEffect, createScriptEffect, createContactsEffect, createTemplatesEffect, TemplateStore }
