import { useEffect, useState } from 'react'
import type { ModelSettingsView } from '../../shared/api/commands/model'
import { api } from '../api'
import { useEditor } from '../editor/context'

/**
 * Under an Intent or Extract node set to ask the model provider: which one the studio asks, or that none is set up
 * yet (the node then takes its failed port with model_unavailable) with a link to Settings. The Settings screen is
 * reached from the flows list only, so a person picking "model" here had no way to learn it needs one.
 */
export function ModelProviderNote({ nodeId }: { nodeId: string }) {
  const provider = useEditor((s) => {
    const config = s.doc.nodes.find((n) => n.id === nodeId)?.config as { provider?: unknown } | undefined
    return config?.provider
  })
  const [view, setView] = useState<ModelSettingsView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const asksModel = provider === 'model'
  useEffect(() => {
    if (!asksModel) return
    let live = true
    void api.call('model.settings.get', {}).then((r) => {
      if (!live) return
      if (r.ok) setView(r.value)
      else setError(r.error.message)
    })
    return () => {
      live = false
    }
  }, [asksModel])
  if (!asksModel) return null
  if (error)
    return (
      <p className="node-panel-description form-error" role="alert">
        {error}
      </p>
    )
  if (!view) return null
  return (
    <p className="node-panel-description model-provider-note" role="note" aria-label="Model provider">
      {view.configured ? (
        <>
          The studio asks <strong>{view.model}</strong> at {hostOf(view.baseUrl)}; a published flow asks the
          runtime&apos;s own provider. <a href="#/settings">Model provider settings</a>
        </>
      ) : (
        <>
          No model provider is set up yet: until one is, this node takes its Failed port (model_unavailable) in the
          emulator. <a href="#/settings">Set up a model provider</a>
        </>
      )}
    </p>
  )
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}
