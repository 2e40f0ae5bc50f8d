import { useEffect, useRef, useState } from 'react'
import type { ConversationTestRecord } from '../../shared/api/commands/emulator-tests'
import type { LogRun } from '../../shared/api/commands/logs'
import { getApi } from '../api'
import { Modal } from '../ui/Modal'

export interface SaveTestDialogProps {
  run: Pick<LogRun, 'id' | 'contact' | 'startedAt'>
  /** A production server's run (read through its publish API): its personal data is masked unless unticked. */
  serverId: string | null
  serverName?: string
  onSaved(test: ConversationTestRecord): void
  onClose(): void
}

/** A suggested name: whose run and when, so two saved runs of one day read apart. */
export function suggestedName(run: SaveTestDialogProps['run'], masked: boolean): string {
  const when = new Date(run.startedAt).toISOString().slice(0, 16).replace('T', ' ')
  return masked ? `Run of ${when}` : `${run.contact.name || run.contact.phone}, ${when}`
}

/**
 * "Save as test" on a run of the Flow Logs (docs/testing.md, "Tests from real runs"): the test's name, whether to mask
 * personal data (on by default for a server's run) and whether Scripts replay their recorded results or run. A
 * refusal (a name taken, a run gone, a server unreachable) is said here, where the user is looking, with the form kept.
 */
export function SaveTestDialog({ run, serverId, serverName, onSaved, onClose }: SaveTestDialogProps) {
  const [mask, setMask] = useState(serverId !== null)
  const [name, setName] = useState(() => suggestedName(run, serverId !== null))
  const [touched, setTouched] = useState(false)
  const [scripts, setScripts] = useState<'replay' | 'run'>('replay')
  const [replace, setReplace] = useState(false)
  const [error, setError] = useState<{ code: string; message: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const nameInput = useRef<HTMLInputElement>(null)
  useEffect(() => nameInput.current?.select(), [])
  // The server's name, for the sentence that says where the run comes from; unread, the sentence says "the server".
  const [server, setServer] = useState(serverName)
  useEffect(() => {
    if (!serverId || serverName) return
    void getApi()
      .call('publish.servers.list', {})
      .then((r) => r.ok && setServer(r.value.servers.find((x) => x.id === serverId)?.name))
  }, [serverId, serverName])

  const toggleMask = (on: boolean) => {
    setMask(on)
    // The suggested name carries the contact's name: masking leaves it out too, unless the user wrote their own.
    if (!touched) setName(suggestedName(run, on))
  }

  const save = async () => {
    setSaving(true)
    setError(null)
    const r = await getApi().call('logs.saveTest', {
      ...(serverId ? { serverId } : {}),
      runId: run.id,
      name: name.trim(),
      replace,
      mask,
      scripts,
    })
    setSaving(false)
    if (r.ok) onSaved(r.value)
    else setError(r.error)
  }

  return (
    <Modal labelledBy="save-test-title" describedBy="save-test-about" className="save-test-dialog" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <h2 id="save-test-title">Save this run as a test</h2>
        <p id="save-test-about">
          The test replays this run{serverId ? ` from ${server ?? 'the server'}` : ''}: what the customer sent, what
          each HTTP Call got back, the contact, the clock and the window. It expects what the bot sent; run it against
          today's flow in the Tests tab or with <code>chatflow test</code>.
        </p>
        <label className="save-test-field">
          Test name
          <input
            ref={nameInput}
            value={name}
            required
            maxLength={120}
            aria-invalid={error?.code === 'conflict' || error?.code === 'bad_request' ? true : undefined}
            onChange={(e) => {
              setTouched(true)
              setName(e.target.value)
            }}
          />
        </label>
        <label className="save-test-check">
          <input type="checkbox" checked={mask} onChange={(e) => toggleMask(e.target.checked)} />
          Mask personal data (phone, name, typed answers)
        </label>
        <fieldset className="save-test-scripts">
          <legend>Scripts</legend>
          <label>
            <input type="radio" name="scripts" checked={scripts === 'replay'} onChange={() => setScripts('replay')} />
            Replay what they returned in this run
          </label>
          <label>
            <input type="radio" name="scripts" checked={scripts === 'run'} onChange={() => setScripts('run')} />
            Run them for real
          </label>
        </fieldset>
        {error?.code === 'conflict' && (
          <label className="save-test-check">
            <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />
            Replace the test of that name
          </label>
        )}
        {error && (
          <p className="save-test-error" role="alert">
            {error.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving || !name.trim()}>
            {saving ? 'Saving…' : 'Save test'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
