import { useCallback, useEffect, useState } from 'react'
import type { HandoverView } from '../../shared/api/commands/handovers'
import { api } from '../api'
import { since } from './takeover'
import { TakeoverDialog } from './TakeoverDialog'
import { TakeOverNumber } from './TakeOverNumber'

/**
 * A production server's conversations with a person, read through its publish API: who (a Hand over node's customer,
 * or a number someone took over), since when, the note; each opens the same conversation dialog as the studio's
 * contacts (transcript, reply, hand back with variables). "Take over a number" starts one.
 */
export function ServerConversations({ serverId, serverName }: { serverId: string; serverName: string }) {
  const target = { serverId }
  const [handovers, setHandovers] = useState<HandoverView[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [talking, setTalking] = useState<HandoverView | null>(null)
  const [takingOver, setTakingOver] = useState(false)

  const load = useCallback(async () => {
    setError(null)
    const r = await api.call('handovers.list', { target: { serverId }, open: true })
    if (r.ok) setHandovers(r.value.handovers)
    else setError(r.error.message)
  }, [serverId])
  useEffect(() => {
    setHandovers(null)
    void load()
  }, [load])

  return (
    <section aria-labelledby="server-conversations-title">
      <div className="flows-toolbar server-conversations-head">
        <h2 id="server-conversations-title">With a person on {serverName}</h2>
        <button type="button" className="primary" onClick={() => setTakingOver(true)}>
          Take over a number
        </button>
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      {error && (
        <div className="error-banner" role="alert">
          <span>
            The conversations on {serverName} could not be read: {error}
          </span>
          <button type="button" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {handovers === null ? (
        !error && (
          <p className="loading" aria-busy="true">
            Loading the conversations on {serverName}…
          </p>
        )
      ) : handovers.length === 0 ? (
        <p className="empty">
          Nobody on {serverName} is with a person. A Hand over node in a flow published there puts a customer here, or
          take over a number: its bot goes quiet for that customer until you hand the conversation back.
        </p>
      ) : (
        <table className="contacts-table" aria-label={`Conversations with a person on ${serverName}`}>
          <thead>
            <tr>
              <th scope="col">Contact</th>
              <th scope="col">Phone</th>
              <th scope="col">With a person</th>
              <th scope="col">Note</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {handovers.map((h) => (
              <tr key={h.id} aria-label={h.contactName}>
                <th scope="row">{h.contactName}</th>
                <td>{h.contactPhone}</td>
                <td title={new Date(h.since).toLocaleString()}>
                  {since(h.since, Date.now())}
                  {h.by === 'node' ? ' (Hand over node)' : ''}
                </td>
                <td>{h.note ?? ''}</td>
                <td className="flow-actions">
                  <button type="button" aria-label={`Conversation with ${h.contactName}`} onClick={() => setTalking(h)}>
                    Conversation
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {takingOver && (
        <TakeOverNumber
          target={target}
          serverName={serverName}
          onCancel={() => setTakingOver(false)}
          onStarted={(h) => {
            setTakingOver(false)
            setTalking(h)
            void load()
          }}
        />
      )}
      {talking && (
        <TakeoverDialog
          target={target}
          contact={{ id: talking.contactPhone, name: talking.contactName, phone: talking.contactPhone }}
          handover={talking}
          onClose={() => {
            setTalking(null)
            void load()
          }}
          onChanged={() => {
            setTalking(null)
            void load()
          }}
        />
      )}
    </section>
  )
}
