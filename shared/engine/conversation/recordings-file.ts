// Writing recordings into a conversation test's YAML without disturbing the rest: the person's comments, key order
// and quoting stay as they wrote them; only the `recordings` key is replaced (or removed when none are left).
import { parseDocument } from 'yaml'
import { canonicalJson } from '../../json/schema-check'
import type { ModelCall, Recording } from './recordings'

/** `text` with `recordings` set to these, or null when the file already holds exactly them. */
export function withRecordings(text: string, recordings: Recording[]): string | null {
  const doc = parseDocument(text)
  const before: unknown = doc.toJS()?.recordings ?? []
  if (canonicalJson(before) === canonicalJson(recordings)) return null
  if (recordings.length) doc.set('recordings', doc.createNode(recordings))
  else doc.delete('recordings')
  return doc.toString({ lineWidth: 0 })
}

/** Why a recording run's answers must not replace the file's (the provider failed on a question), or null. */
export function recordingFailure(calls: ModelCall[]): string | null {
  const failed = calls.find((c) => c.outcome === 'failed')
  return failed && failed.outcome === 'failed' ? `node "${failed.node}": ${failed.code}: ${failed.message}` : null
}
