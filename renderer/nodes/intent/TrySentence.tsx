import { useMemo, useState } from 'react'
import { flowSettings } from '../../../shared/flow/settings'
import { trainClassifier } from '../../../shared/nlu/classifier'
import { intentDefinition } from '../../../shared/nodes/intent/definition'
import { useEditor } from '../../editor/context'
import { IntentScores } from './IntentScores'

// Under an Intent node's fields: type a sentence as a customer would and see every intent's score as you type,
// from the same offline classifier the engine runs (shared/nlu/classifier.ts), trained on the node's examples in
// this flow's locale, with the node's threshold. A model provider is not asked here: it would cost a request per
// keystroke; the offline scores still show how far apart the examples are.

export default function TrySentence({ nodeId }: { nodeId: string }) {
  const config = useEditor((s) => s.doc.nodes.find((n) => n.id === nodeId)?.config)
  const rawSettings = useEditor((s) => s.doc.settings)
  const [text, setText] = useState('')
  const locale = useMemo(() => flowSettings({ settings: rawSettings }).locale, [rawSettings])
  const parsed = useMemo(() => {
    const r = intentDefinition.configSchema.safeParse(config)
    return r.success ? r.data : null
  }, [config])
  // Trained once per change of the examples (trainClassifier caches by their hash), not per keystroke.
  const model = useMemo(() => (parsed ? trainClassifier(parsed.intents, locale) : null), [parsed, locale])
  if (!parsed || !model) return null
  const result = text.trim() ? model.classify(text, parsed.threshold) : null
  // The heading names the box and its field: no second "Try a sentence" label right under the heading.
  return (
    <section className="answer-examples try-sentence" aria-labelledby={`try-sentence-${nodeId}`}>
      <h3 id={`try-sentence-${nodeId}`}>Try a sentence</h3>
      <div className="field">
        <input
          type="text"
          value={text}
          aria-labelledby={`try-sentence-${nodeId}`}
          onChange={(e) => setText(e.target.value)}
          placeholder="Type as a customer would"
        />
      </div>
      {result && (
        <>
          <p role="status" aria-label="Intent chosen" className={result.intent ? 'answer-ok' : 'answer-refused'}>
            {result.intent
              ? `→ ${result.intent} (${result.confidence.toFixed(2)})`
              : `→ other: no intent reaches the threshold of ${parsed.threshold}`}
            {parsed.provider === 'model' ? ' · offline scores; the model provider is asked only in a run' : ''}
          </p>
          <IntentScores scores={result.scores} chosen={result.intent} threshold={parsed.threshold} />
        </>
      )}
    </section>
  )
}
