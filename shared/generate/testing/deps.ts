// Test helper: engine dependencies as `chatflow test` builds them for the examples (templates and products from
// resources/examples/library.json, no network, no script sandbox).
import library from '../../../resources/examples/library.json'
import { createEffects } from '../../engine/effects'
import type { EngineDeps } from '../../engine/deps'
import { nodeCatalog } from '../../nodes/runners'

export function exampleDeps(): EngineDeps {
  const templates = library.templates as Array<Record<string, unknown> & { name: string; language: string }>
  const catalog = library.catalog as Array<Record<string, unknown> & { catalogId: string; id: string }>
  return {
    effects: createEffects({
      templates: {
        get: async (name, language) => templates.find((t) => t.name === name && t.language === language) ?? null,
      },
      catalogue: {
        product: async (catalogId, id) => catalog.find((p) => p.catalogId === catalogId && p.id === id) ?? null,
      },
    }),
    catalog: nodeCatalog,
  }
}
