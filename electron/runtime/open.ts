// Opens the runtime for `chatflow serve`: the store (SQLite in the data folder, or PostgreSQL given a URL), the
// effects it can offer, and the webhook listener settings.
import path from 'node:path'
import { createEffects, type Effects } from '../../shared/engine'
import { openDatabase } from '../services/db/open'
import { createHttpEffect, createScriptEffect } from '../services/effects'
import { createModelProvider, type ModelProviderConfig } from '../services/effects/model-provider'
import {
  envOverrides,
  ListenerSettingsSchema,
  loadListenerSettings,
  type ListenerSettings,
} from '../services/webhook/settings'
import { PgRuntimeStore } from './pg-store'
import { SqliteRuntimeStore } from './sqlite-store'
import type { RuntimeStore } from './store'

// The studio's database file name (electron/studio/backend.ts DB_FILE_NAME), repeated so that serve does not load
// the whole back end with its handlers at start.
const DB_FILE = 'studio.sqlite'

export interface OpenedStore {
  store: RuntimeStore
  effects: Effects
  settings: ListenerSettings
  /** For the start-up banner, without a password. */
  where: string
}

/**
 * SQLite: the studio database of `dataDir` (its templates and catalogue serve the Template and product nodes).
 * PostgreSQL: those nodes read the templates and products that publishes carried (message_templates and
 * catalog_products, the tables SQLite has); the runtime has no other library, so an item the studio did not send is
 * simply not found.
 */
export async function openStore(opts: {
  dataDir: string
  databaseUrl?: string
  /** The model provider (CHATFLOW_MODEL_BASE_URL …, services/effects/model-env.ts); absent: none. */
  model?: ModelProviderConfig | null
}): Promise<OpenedStore> {
  const env = envOverrides()
  // Only to measure what the traffic aggregates cost (`npm run bench -- runtime`): never off in production.
  const traffic = process.env.CHATFLOW_TRAFFIC !== 'off'
  if (opts.databaseUrl) {
    const store = await PgRuntimeStore.open(opts.databaseUrl, { traffic })
    return {
      store,
      effects: effectsOf(store, opts.model),
      settings: { ...ListenerSettingsSchema.parse({}), ...env },
      where: redact(opts.databaseUrl),
    }
  }
  const file = path.join(path.resolve(opts.dataDir), DB_FILE)
  const db = openDatabase(file, { onPermissions: (m) => process.stderr.write(`chatflow serve: ${m}\n`) })
  const store = new SqliteRuntimeStore(db, Date.now, { traffic })
  return {
    store,
    effects: effectsOf(store, opts.model),
    settings: { ...loadListenerSettings(db, (m) => process.stderr.write(`chatflow serve: ${m}\n`)), ...env },
    where: file,
  }
}

/** Contacts are not among them: the runtime hands each step its contact transaction's (ContactTx.contacts). */
function effectsOf(store: RuntimeStore, model: ModelProviderConfig | null | undefined): Effects {
  return createEffects({
    http: createHttpEffect(),
    script: createScriptEffect(),
    ...store.libraryEffects(),
    ...(model ? { model: createModelProvider(model) } : {}),
  })
}

export function redact(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'postgres://…'
  }
}
