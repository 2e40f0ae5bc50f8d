import { useState } from 'react'
import { FUNCTION_DOCS } from '../../shared/expr'
import type { AvailableVariable } from '../../shared/analysis'
import { OPERATOR_DOCS } from './operators'

type Insert = (text: string) => void

function VariableList({ vars, onInsert }: { vars: AvailableVariable[]; onInsert: Insert }) {
  return (
    <ul className="expr-var-list">
      {vars.map((v) => (
        <li key={v.path}>
          <button type="button" onClick={() => onInsert(`{{${v.path}}}`)} aria-label={`Insert {{${v.path}}}`}>
            <code>{`{{${v.path}}}`}</code>
          </button>
          <span className="expr-muted">
            {v.format ? `${v.type} (${v.format})` : v.type} · {v.description}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** System and last-interaction variables, then everything the flow sets before this node (sample paths are in the Response tab). */
export function VariablesTab({ vars, onInsert }: { vars: AvailableVariable[]; onInsert: Insert }) {
  const system = vars.filter((v) => v.source === 'system' || v.source === 'interaction')
  const scenario = vars.filter((v) => v.source === 'input' || v.source === 'trigger' || v.source === 'node')
  return (
    <div>
      <h3>System Variables</h3>
      <VariableList vars={system} onInsert={onInsert} />
      <h3>Scenario Variables</h3>
      {scenario.length ? (
        <VariableList vars={scenario} onInsert={onInsert} />
      ) : (
        <p className="expr-muted">No node before this one sets a variable yet.</p>
      )}
    </div>
  )
}

export function FunctionsTab({ onInsert }: { onInsert(name: string): void }) {
  const [detailed, setDetailed] = useState(false)
  const categories = [...new Set(FUNCTION_DOCS.map((f) => f.category))]
  return (
    <div>
      <div className="expr-view-toggle" role="group" aria-label="Functions view">
        <button type="button" aria-pressed={!detailed} onClick={() => setDetailed(false)}>
          Compact
        </button>
        <button type="button" aria-pressed={detailed} onClick={() => setDetailed(true)}>
          Detailed
        </button>
      </div>
      {categories.map((cat) => (
        <section key={cat}>
          <h3 className="expr-category">{cat}</h3>
          <ul className={detailed ? 'expr-fn-detailed' : 'expr-fn-compact'}>
            {FUNCTION_DOCS.filter((f) => f.category === cat).map((f) => (
              <li key={f.name}>
                <button
                  type="button"
                  title={f.description}
                  aria-label={`Insert function ${f.name}`}
                  onClick={() => onInsert(f.name)}
                >
                  {detailed ? <code>{f.signature}</code> : f.name}
                </button>
                {detailed && (
                  <>
                    <p>{f.description}</p>
                    <p className="expr-muted">
                      Example: <code>{f.example}</code>
                    </p>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

export function OperatorsTab({ onInsert }: { onInsert: Insert }) {
  const categories = [...new Set(OPERATOR_DOCS.map((o) => o.category))]
  return (
    <div>
      <p className="expr-muted">
        Operators work inside an expression, with variables in inner braces: {'{{{{price}} * 1.18}}'}.
      </p>
      {categories.map((cat) => (
        <section key={cat}>
          <h3 className="expr-category">{cat}</h3>
          <ul className="expr-op-list">
            {OPERATOR_DOCS.filter((o) => o.category === cat).map((o) => (
              <li key={o.symbol}>
                <button
                  type="button"
                  aria-label={`Insert operator ${o.symbol}`}
                  onClick={() => onInsert(o.category === 'Keywords' ? o.symbol : ` ${o.symbol} `)}
                >
                  <code>{o.symbol}</code>
                </button>
                <span>{o.description}</span> <code className="expr-muted">{o.example}</code>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

const FORMATS = [
  { label: 'Bold', mark: '*', sample: '*bold*' },
  { label: 'Italic', mark: '_', sample: '_italic_' },
  { label: 'Strikethrough', mark: '~', sample: '~strike~' },
  { label: 'Monospace', mark: '```', sample: '```mono```' },
]

export function TextTab({ onInsert, onWrap }: { onInsert: Insert; onWrap(mark: string): void }) {
  return (
    <div>
      <p className="expr-muted">The channel's formatting; select text first to wrap it.</p>
      <ul className="expr-op-list">
        <li>
          <button type="button" onClick={() => onInsert('\n')}>
            Line break
          </button>
        </li>
        {FORMATS.map((f) => (
          <li key={f.label}>
            <button type="button" onClick={() => onWrap(f.mark)}>
              {f.label}
            </button>
            <code className="expr-muted">{f.sample}</code>
          </li>
        ))}
      </ul>
    </div>
  )
}
