import { useEffect, useState } from 'react'
import { api, type ConnectionStatus } from '../api'

/** Says so when the browser host is unreachable (stopped or restarting); Electron's IPC is always 'open'. */
export function ConnectionBanner() {
  const [status, setStatus] = useState<ConnectionStatus>(() => api.status())
  const [everOpen, setEverOpen] = useState(status === 'open')
  useEffect(
    () =>
      api.onStatus((next) => {
        setStatus(next)
        if (next === 'open') setEverOpen(true)
      }),
    [],
  )
  if (status === 'open' || (!everOpen && status === 'connecting')) return null
  return (
    <div className="connection-banner" role="alert">
      Lost the connection to the studio. Reconnecting… (is <code>npm start</code> still running?)
    </div>
  )
}
