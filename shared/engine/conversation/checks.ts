// What a conversation test expects after a turn (or at the end), compared with what the run did: the bot's
// messages, variables set and unset, the run's state. Each difference is one line a person reads.
import { lookupPath } from '../../expr'
import { didYouMean } from '../../text/did-you-mean'
import type { RunState, StepResult, Vars } from '../types'
import type { BotMessage, Turn } from './format'
import { compareMessage, showMessage } from './messages'
import { messageViewer } from './view'

export function checkTurn(turn: Turn, step: Pick<StepResult, 'messages' | 'state' | 'trace'>): string[] {
  const lines: string[] = []
  if (turn.bot) lines.push(...checkMessages(turn.bot, step.messages.map(messageViewer(step.trace))))
  lines.push(...checkVars(turn.variables, step.state.vars), ...checkUnset(turn.unset, step.state.vars))
  if (turn.state) lines.push(...checkState(turn.state, step.state))
  return lines
}

export function checkMessages(expected: BotMessage[], actual: BotMessage[]): string[] {
  const lines: string[] = []
  const n = Math.max(expected.length, actual.length)
  for (let i = 0; i < n; i++) {
    const e = expected[i]
    const a = actual[i]
    if (e && !a) lines.push(`- bot message ${i + 1}: expected ${showMessage(e)}`, `+ bot message ${i + 1}: (not sent)`)
    else if (!e && a) lines.push(`- bot message ${i + 1}: (none expected)`, `+ bot message ${i + 1}: ${showMessage(a)}`)
    else if (e && a) {
      const diffs = compareMessage(e, a)
      if (diffs.length)
        lines.push(
          `- bot message ${i + 1}: ${showMessage(e)}`,
          `+ bot message ${i + 1}: ${showMessage(a)}`,
          ...diffs.map((d) => `    ${d}`),
        )
    }
  }
  return lines
}

export function checkVars(expected: Vars | undefined, actual: Vars): string[] {
  if (!expected) return []
  const lines: string[] = []
  for (const [path, want] of Object.entries(expected)) {
    const got = lookupPath(actual, path.split('.'))
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      lines.push(
        `variable ${path}: expected ${JSON.stringify(want)}, got ${got === undefined ? `(unset)${nearPath(path, actual)}` : JSON.stringify(got)}`,
      )
    }
  }
  return lines
}

/** `unset: [name]`: the variable (or dotted path) must not exist at all; an empty string is set. */
export function checkUnset(names: string[] | undefined, actual: Vars): string[] {
  const lines: string[] = []
  for (const path of names ?? []) {
    const got = lookupPath(actual, path.split('.'))
    if (got !== undefined) lines.push(`variable ${path}: expected unset, got ${JSON.stringify(got)}`)
  }
  return lines
}

/** For a path that reads nothing: the closest name at the level where it stopped (`nmae` → `name`). */
function nearPath(path: string, vars: Vars): string {
  const segs = path.split('.')
  for (let i = 0; i < segs.length; i++) {
    const parent = i === 0 ? vars : lookupPath(vars, segs.slice(0, i))
    if (parent === null || typeof parent !== 'object') return ''
    if (Object.prototype.hasOwnProperty.call(parent, segs[i]!)) continue
    const near = didYouMean(segs[i]!, Object.keys(parent))
    return near ? `; did you mean ${[...segs.slice(0, i), near].join('.')}?` : ''
  }
  return ''
}

export function checkState(expected: string, state: RunState): string[] {
  if (expected === state.status) return []
  const why = state.error ? ` (${state.error.code}: ${state.error.message})` : ''
  return [`state: expected ${expected}, got ${state.status}${why}`]
}
