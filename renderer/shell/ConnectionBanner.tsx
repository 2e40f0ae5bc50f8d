import { useEffect, useState } from 'react'
import { api, type ConnectionStatus } from '../api'

/**
 * Says so when the browser host is unreachable (stopped or restarting; Electron's IPC is always 'open'), and when
 * a message between this window and the host could not be read (renderer/api/socket.ts), until dismissed.
 */
export function ConnectionBanner() {
  const [status, setStatus] = useState<ConnectionStatus>(() => api.status())
  const [everOpen, setEverOpen] = useState(status === 'open')
  const [problems, setProblems] = useState<string[]>([])
  useEffect(() => {
    const offStatus = api.onStatus((next) => {
      setStatus(next)
      if (next === 'open') setEverOpen(true)
    })
    const offProblem = api.onProblem((message) =>
      setProblems((all) => (all.includes(message) ? all : [...all, message])),
    )
    return () => {
      offStatus()
      offProblem()
    }
  }, [])
  const lost = status !== 'open' && (everOpen || status !== 'connecting')
  return (
    <>
      {lost && (
        <div className="connection-banner" role="alert">
          Lost the connection to the studio. Reconnecting… (is <code>npm start</code> still running?)
        </div>
      )}
      {problems.map((message) => (
        <div key={message} className="error-banner" role="alert">
          <span>{message}</span>
          <button type="button" onClick={() => setProblems((all) => all.filter((m) => m !== message))}>
            Dismiss
          </button>
        </div>
      ))}
    </>
  )
}
