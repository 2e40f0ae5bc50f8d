import { lazy, Suspense } from 'react'
import { EditorScreen } from '../editor/EditorScreen'
import { FlowsScreen } from '../flows/FlowsScreen'
import { ConnectionBanner } from './ConnectionBanner'
import { NoticeBanner } from './NoticeBanner'
import { navigate, useRoute } from './route'

// The flows list and the editor come with the first load; the other screens when first visited.
const ContactsScreen = lazy(() => import('../contacts/ContactsScreen').then((m) => ({ default: m.ContactsScreen })))
const BroadcastsScreen = lazy(() =>
  import('../broadcasts/BroadcastsScreen').then((m) => ({ default: m.BroadcastsScreen })),
)
const TemplatesScreen = lazy(() => import('../library/TemplatesScreen').then((m) => ({ default: m.TemplatesScreen })))
const CatalogScreen = lazy(() => import('../library/CatalogScreen').then((m) => ({ default: m.CatalogScreen })))
const SettingsScreen = lazy(() => import('../settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })))
const LogsScreen = lazy(() => import('../logs/LogsScreen').then((m) => ({ default: m.LogsScreen })))

export function App() {
  const route = useRoute()
  return (
    <div className="app">
      <ConnectionBanner />
      <NoticeBanner />
      <Suspense
        fallback={
          <p className="editor-message" role="status">
            Loading…
          </p>
        }
      >
        {route.screen === 'contacts' ? (
          <ContactsScreen />
        ) : route.screen === 'broadcasts' ? (
          <BroadcastsScreen broadcastId={route.broadcastId ?? null} />
        ) : route.screen === 'templates' ? (
          <TemplatesScreen />
        ) : route.screen === 'catalog' ? (
          <CatalogScreen />
        ) : route.screen === 'settings' ? (
          <SettingsScreen />
        ) : route.screen === 'logs' ? (
          <LogsScreen key={route.flowId} flowId={route.flowId} runId={route.runId ?? null} />
        ) : route.screen === 'editor' ? (
          <EditorScreen key={route.flowId} flowId={route.flowId} onBack={() => navigate({ screen: 'flows' })} />
        ) : (
          <FlowsScreen onOpen={(flowId) => navigate({ screen: 'editor', flowId })} />
        )}
      </Suspense>
    </div>
  )
}
