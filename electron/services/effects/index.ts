// The studio's real effects, for every host that runs flows against the local database (emulator, webhook, CLI,
// manual trigger). Pass the result as RunService's `effects`.
import type { Database } from 'better-sqlite3'
import { createEffects, type Effects } from '../../../shared/engine/effects'
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
  })
}

export { createHttpEffect, createScriptEffect, createContactsEffect, createTemplatesEffect, TemplateStore }
