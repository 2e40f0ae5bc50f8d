import { useEffect, useState } from 'react'
import type { StudioNotice } from '../../shared/api'
import { api } from '../api'

/** What the back end found when it opened the data (a damaged write-ahead log kept aside), until dismissed. */
export function NoticeBanner() {
  const [notices, setNotices] = useState<StudioNotice[]>([])
  useEffect(() => {
    let live = true
    void api.call('studio.notices', {}).then((r) => {
      if (live && r.ok) setNotices(r.value.notices)
    })
    return () => {
      live = false
    }
  }, [])
  return (
    <>
      {notices.map((n, i) => (
        <div key={i} className="error-banner" role="alert">
          <span>{n.message}</span>
          <button type="button" onClick={() => setNotices((all) => all.filter((x) => x !== n))}>
            Dismiss
          </button>
        </div>
      ))}
    </>
  )
}
