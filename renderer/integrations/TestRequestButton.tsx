import { useState } from 'react'
import { TestRequestDialog } from './TestRequestDialog'

/** The HTTP Call panel's action: opens the Test request dialog for this node. */
export function TestRequestButton({ nodeId }: { nodeId: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Test request
      </button>
      {open && <TestRequestDialog nodeId={nodeId} onClose={() => setOpen(false)} />}
    </>
  )
}
