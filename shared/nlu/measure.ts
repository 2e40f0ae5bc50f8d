// Accuracy and macro-F1 of a classifier on labelled phrases, for the `intents` benchmark and its test. "Other" (null)
// is a class like any intent: a message that belongs to none must be sent to other to count as right.

export interface LabelledCase {
  text: string
  /** The intent expected, or null for other. */
  intent: string | null
}

export interface Measured {
  accuracy: number
  macroF1: number
  /** The cases it got wrong, with what it answered. */
  wrong: Array<{ text: string; expected: string | null; got: string | null }>
}

export function measure(cases: readonly LabelledCase[], classify: (text: string) => string | null): Measured {
  const classes = [...new Set(cases.map((c) => c.intent))]
  const tp = new Map<string | null, number>()
  const fp = new Map<string | null, number>()
  const fn = new Map<string | null, number>()
  const bump = (m: Map<string | null, number>, k: string | null) => m.set(k, (m.get(k) ?? 0) + 1)
  const wrong: Measured['wrong'] = []
  for (const c of cases) {
    const got = classify(c.text)
    if (got === c.intent) bump(tp, got)
    else {
      bump(fp, got)
      bump(fn, c.intent)
      wrong.push({ text: c.text, expected: c.intent, got })
    }
  }
  const f1 = classes.map((k) => {
    const t = tp.get(k) ?? 0
    const p = t + (fp.get(k) ?? 0) ? t / (t + (fp.get(k) ?? 0)) : 0
    const r = t + (fn.get(k) ?? 0) ? t / (t + (fn.get(k) ?? 0)) : 0
    return p + r ? (2 * p * r) / (p + r) : 0
  })
  return {
    accuracy: cases.length ? (cases.length - wrong.length) / cases.length : 0,
    macroF1: f1.length ? f1.reduce((a, b) => a + b, 0) / f1.length : 0,
    wrong,
  }
}
