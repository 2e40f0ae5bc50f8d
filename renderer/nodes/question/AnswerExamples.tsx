import { useEffect, useId, useMemo, useState } from 'react'
import { Check, X } from 'lucide-react'
import { flowSettings } from '../../../shared/flow/settings'
import {
  answerContext,
  answerExamples,
  ANSWER_TYPE_INFO,
  parseAnswer,
  prepareAnswers,
  savedTypeText,
  type AnswerResult,
} from '../../../shared/nodes/question/answers'
import { questionDefinition } from '../../../shared/nodes/question/definition'
import { useEditor } from '../../editor/context'

// Under a Question's fields: what its answer type accepts and saves, examples accepted and refused, and a box to try
// an answer. All of it comes from the parsers the engine runs (shared/nodes/question/answers), with this flow's
// settings and the clock of this machine, so the panel shows what a run would do today.

export default function AnswerExamples({ nodeId }: { nodeId: string }) {
  const config = useEditor((s) => s.doc.nodes.find((n) => n.id === nodeId)?.config)
  const name = useEditor((s) => s.doc.nodes.find((n) => n.id === nodeId)?.name ?? 'question')
  const rawSettings = useEditor((s) => s.doc.settings)
  // One moment for the panel's life, so the lists do not shift while the author reads them.
  const [now] = useState(() => Date.now())
  const [trial, setTrial] = useState('')
  const id = useId()
  const settings = useMemo(() => flowSettings({ settings: rawSettings }), [rawSettings])
  const rules = useMemo(() => {
    const parsed = questionDefinition.configSchema.safeParse(config)
    return parsed.success ? parsed.data : null
  }, [config])
  const ctx = useMemo(() => answerContext(settings, now), [settings, now])
  // Number words load on first need (shared/nodes/question/answers/number-words.ts); the lists wait for them.
  const [prepared, setPrepared] = useState<string | null>(null)
  const type = rules?.answerType
  useEffect(() => {
    let live = true
    if (type) void prepareAnswers(type).then(() => live && setPrepared(type))
    return () => {
      live = false
    }
  }, [type])
  const ready = rules !== null && prepared === rules.answerType
  const examples = useMemo(() => (rules && ready ? answerExamples(rules, ctx) : null), [rules, ready, ctx])
  if (!rules) return null
  if (!examples) return <p className="node-panel-description">Loading the answer examples…</p>
  const info = ANSWER_TYPE_INFO[rules.answerType]
  const tried = trial ? parseAnswer(trial, rules, ctx) : null
  const today = new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'full', timeZone: ctx.timeZone }).format(now)

  return (
    <section className="answer-examples" aria-label="Answers">
      <h3>Answers: {info.label}</h3>
      <p>{info.accepts}</p>
      <p>
        Saved as <code>{savedTypeText(rules.answerType)}</code>; <code>{`{{${name}.typed}}`}</code> keeps what the
        customer typed.
      </p>
      <p className="answer-context">
        Read as {ctx.locale} in {ctx.timeZone} (today: {today})
        {rules.answerType === 'phone' && !ctx.country
          ? "; numbers without a country code are read in the customer's own country"
          : ''}
        . Change this in the flow's Settings.
      </p>
      <h4 id={`${id}-ok`}>Accepted</h4>
      <ul aria-labelledby={`${id}-ok`} className="answer-list accepted">
        {examples.accepted.length ? (
          examples.accepted.map((a) => (
            <li key={a.typed}>
              <Check size={12} aria-hidden="true" className="answer-mark" />
              <code>{a.typed}</code> → <code>{JSON.stringify(a.value)}</code>
            </li>
          ))
        ) : (
          <li>Depends on the pattern: try an answer below.</li>
        )}
      </ul>
      <h4 id={`${id}-no`}>Refused</h4>
      <ul aria-labelledby={`${id}-no`} className="answer-list refused">
        {examples.refused.map((r) => (
          <li key={r.typed}>
            <X size={12} aria-hidden="true" className="answer-mark" />
            <code>{r.typed || '(empty)'}</code> — {r.reason}
          </li>
        ))}
      </ul>
      <label className="field">
        <span className="field-label">Try an answer</span>
        <input
          type="text"
          value={trial}
          onChange={(e) => setTrial(e.target.value)}
          placeholder="Type as a customer would"
        />
      </label>
      {tried && <TrialResult result={tried} />}
    </section>
  )
}

function TrialResult({ result }: { result: AnswerResult }) {
  return (
    <p role="status" aria-label="Verdict" className={result.ok ? 'answer-ok' : 'answer-refused'}>
      {result.ok ? (
        <>
          Accepted, saved as <code>{JSON.stringify(result.value)}</code>
        </>
      ) : (
        <>Refused: {result.reason}</>
      )}
    </p>
  )
}
