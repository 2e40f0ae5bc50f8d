import { useEffect, useState } from 'react'
import { api } from '../api'

/**
 * What the back end found when it opened the data (a damaged write-ahead log kept aside, a saved setting it could
 * not read), until dismissed. Notices that cannot be read are said too: what it found must not go unsaid.
 */
export function NoticeBanner() {
  const [messages, setMessages] = useState<string[]>([])
  useEffect(() => {
    let live = true
    void api.call('studio.notices', {}).then((r) => {
      if (!live) return
      if (r.ok) setMessages(r.value.notices.map((n) => n.message))
      else setMessages([`What the studio found when it opened could not be read: ${r.error.message}`])
    })
    return () => {
      live = false
    }
  }, [])
  return (
    <>
      {messages.map((message, i) => (
        <div key={i} className="error-banner" role="alert">
          <span>{message}</span>
          <button type="button" onClick={() => setMessages((all) => all.filter((m) => m !== message))}>
            Dismiss
          </button>
        </div>
      ))}
    </>
  )
}
