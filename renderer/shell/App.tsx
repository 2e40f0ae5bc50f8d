import { EditorScreen } from '../editor/EditorScreen'
import { FlowsScreen } from '../flows/FlowsScreen'
import { ConnectionBanner } from './ConnectionBanner'
import { navigate, useRoute } from './route'

export function App() {
  const route = useRoute()
  return (
    <div className="app">
      <ConnectionBanner />
      {route.screen === 'editor' ? (
        <EditorScreen key={route.flowId} flowId={route.flowId} onBack={() => navigate({ screen: 'flows' })} />
      ) : (
        <FlowsScreen onOpen={(flowId) => navigate({ screen: 'editor', flowId })} />
      )}
    </div>
  )
}
