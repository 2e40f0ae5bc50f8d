// What the Publish dialog's split form checks before it asks the server (the server checks again: the versions it
// has, the split it runs), and the sentence that describes a split.
import type { FlowSplit } from '../../shared/api/commands/split'

export type SplitCheck =
  | { ok: true; versions: [number, number]; percent: number }
  | { ok: false; field: 'versions' | 'percent'; message: string }

export function splitCheck(form: { a: string; b: string; percent: string }): SplitCheck {
  const a = Number(form.a)
  const b = Number(form.b)
  if (!form.a || !form.b || !Number.isInteger(a) || !Number.isInteger(b))
    return { ok: false, field: 'versions', message: 'Choose the two versions to split between.' }
  if (a === b) return { ok: false, field: 'versions', message: 'Choose two different versions.' }
  const text = form.percent.trim()
  const percent = Number(text)
  if (!text || !Number.isInteger(percent) || percent < 1 || percent > 99)
    return {
      ok: false,
      field: 'percent',
      message: 'The share for version B is a whole percent from 1 to 99 (end the split to send everyone to one).',
    }
  return { ok: true, versions: [a, b], percent }
}

/** "30 % of new conversations go to version 4, 70 % to version 3." */
export function splitSentence(split: Pick<FlowSplit, 'versions' | 'percent'>): string {
  const [a, b] = split.versions
  return `${split.percent} % of new conversations go to version ${b}, ${100 - split.percent} % to version ${a}.`
}
