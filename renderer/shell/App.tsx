import { ContactsScreen } from '../contacts/ContactsScreen'
import { EditorScreen } from '../editor/EditorScreen'
import { FlowsScreen } from '../flows/FlowsScreen'
import { CatalogScreen } from '../library/CatalogScreen'
import { TemplatesScreen } from '../library/TemplatesScreen'
import { LogsScreen } from '../logs/LogsScreen'
import { ConnectionBanner } from './ConnectionBanner'
import { NoticeBanner } from './NoticeBanner'
import { navigate, useRoute } from './route'

export function App() {
  const route = useRoute()
  return (
    <div className="app">
      <ConnectionBanner />
      <NoticeBanner />
      {route.screen === 'contacts' ? (
        <ContactsScreen />
      ) : route.screen === 'templates' ? (
        <TemplatesScreen />
      ) : route.screen === 'catalog' ? (
        <CatalogScreen />
      ) : route.screen === 'logs' ? (
        <LogsScreen key={route.flowId} flowId={route.flowId} runId={route.runId ?? null} />
      ) : route.screen === 'editor' ? (
        <EditorScreen key={route.flowId} flowId={route.flowId} onBack={() => navigate({ screen: 'flows' })} />
      ) : (
        <FlowsScreen onOpen={(flowId) => navigate({ screen: 'editor', flowId })} />
      )}
    </div>
  )
}
