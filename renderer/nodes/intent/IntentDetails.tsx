import { lazy } from 'react'
import { ModelProviderNote } from '../ModelProviderNote'

// The classifier loads with the first Intent panel opened, not with the studio.
const TrySentence = lazy(() => import('./TrySentence'))

/** Under an Intent node's fields: which model provider it asks (when set to model), then "Try a sentence". */
export function IntentDetails({ nodeId }: { nodeId: string }) {
  return (
    <>
      <ModelProviderNote nodeId={nodeId} />
      <TrySentence nodeId={nodeId} />
    </>
  )
}
