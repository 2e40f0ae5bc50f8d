import { useMemo } from 'react'
import type { FlowDocument } from '../../shared/flow/document'
import { useEditor } from '../editor/context'
import { parseRelaxedObject } from './relaxed'
import { unsetVariablesFrom } from './unset-variables'
import { startsFlow } from '../../shared/nodes/behaviour-of'

/**
 * Where the test starts: at the trigger as a customer would, or at any node (picked here or selected on the canvas)
 * with preset variables. Before such a start the panel names every variable read from there on that nothing
 * between the node and its reader produces and no preset gives, with where it is read.
 */
export function StartAt(props: {
  doc: FlowDocument
  startNodeId: string
  presets: string
  onChange(id: string): void
  onPreset(text: string): void
}) {
  const { doc, startNodeId } = props
  const selected = useEditor((s) => (s.selectedNodeIds.length === 1 ? s.selectedNodeIds[0]! : null))
  const selectedNode = doc.nodes.find((n) => n.id === selected && !startsFlow(n.type))
  const node = doc.nodes.find((n) => n.id === startNodeId)
  const presets = useMemo(() => {
    const parsed = props.presets.trim() ? parseRelaxedObject(props.presets) : null
    return parsed?.ok ? (parsed.value as Record<string, unknown>) : {}
  }, [props.presets])
  const unset = useMemo(() => (node ? unsetVariablesFrom(doc, node.id, presets) : []), [doc, node, presets])
  const fill = () => {
    const entries = [
      ...Object.entries(presets).map(([k, v]) => `  ${k}: ${JSON.stringify(v)},`),
      ...unset.map((u) => `  ${u.name}: '',`),
    ]
    props.onPreset(`{\n${entries.join('\n')}\n}`)
  }
  return (
    <div className="emu-start-at">
      <label className="emu-field">
        Start at
        <select aria-label="Start at" value={startNodeId} onChange={(e) => props.onChange(e.target.value)}>
          <option value="">The trigger (as a customer would)</option>
          {doc.nodes
            .filter((n) => !startsFlow(n.type))
            .map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
        </select>
      </label>
      {selectedNode && selectedNode.id !== startNodeId && (
        <button type="button" className="emu-link" onClick={() => props.onChange(selectedNode.id)}>
          Start test here: {selectedNode.name}
        </button>
      )}
      {node && (
        <div className="emu-warning" role="note" aria-label="Unset variables">
          {unset.length === 0 ? (
            <p>
              Starting at {node.name} skips the trigger and the nodes before it; every variable read from there on is
              produced on the way or preset.
            </p>
          ) : (
            <>
              <p>
                Starting at {node.name} skips the trigger and the nodes before it. Unless you preset them, these will be
                unset:
              </p>
              <ul>
                {unset.map((u) => (
                  <li key={u.name} data-testid="unset-variable">
                    <code>{u.name}</code> used in {u.usedIn.map((w) => `${w.nodeName} (${w.label})`).join(', ')}
                  </li>
                ))}
              </ul>
              <button type="button" onClick={fill}>
                Preset them
              </button>
            </>
          )}
        </div>
      )}
    </div>
  )
}
